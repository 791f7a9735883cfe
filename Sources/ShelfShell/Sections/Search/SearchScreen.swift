import ShelfDomain

/// `find TEXT`: the matches in the section it ran in.
struct SearchScreen: Screen {
  let search: SearchJSON
  /// The query as typed, with its options (`bear --age 3-6`).
  let queryText: String
  /// What the list request did, for the heading (`by price, reversed`).
  let arranged: String
  let columns: [ListColumn<SearchRow>]
  /// Many results streamed from their source (see `PlainListRows`); nil: one table.
  var plain: PlainListRows? = nil
  /// The rows the table prints, when they are made more cheaply than the JSON rows with every
  /// cell the table has (shows found: from the store's rows); nil: `search.rows`.
  var tableRows: ListRows<SearchRow>? = nil
  /// The command that lists the near spellings left out (`find bear --fuzzy`).
  var fuzzyCommand = ""
  /// Whether a row shown is a near spelling: the table has the `~` column and its legend.
  var marksTypos = false

  func encode(to encoder: Encoder) throws { try search.encode(to: encoder) }

  /// Whether the rows are streamed from `plain` rather than laid out as one table.
  var isStreamed: Bool { plain != nil && search.rows.count > PlainListRows.streamedFrom }

  var blocks: [Block] {
    let near = search.nearSpellings
    let nearLine = Block.text(
      StyledText(
        "and \(Thousands.counted(near, "near spellings")): \(fuzzyCommand)", .dim))
    let legend = Block.text(
      StyledText("\(SearchRow.typoMarker) a near spelling of \(queryText)", .dim))
    guard !search.rows.isEmpty else {
      let none = Block.text(StyledText("No matches for \(queryText) in \(search.scope).", .dim))
      return near > 0 ? [none, nearLine] : [none]
    }
    let shown = Thousands.grouped(search.rows.count)
    let count =
      search.total > search.rows.count
      ? "\(shown) of \(Thousands.grouped(search.total))" : shown
    let heading = Block.text(
      StyledText(
        "\(count) found for \(queryText) in \(search.scope)"
          + (arranged.isEmpty ? "" : ", " + arranged),
        .heading))
    var columns = self.columns
    if marksTypos { columns.insert(SearchRow.typoColumn, at: 1) }
    let tableColumns = columns.map(\.tableColumn)
    let rows = tableRows ?? search.rows
    let notes = (marksTypos ? [legend] : []) + (near > 0 ? [nearLine] : [])
    guard let plain, isStreamed else {
      let table = Table(
        columns: tableColumns, rows: rows.map { row in columns.map { $0.cell(row) } })
      return [heading, .table(table)] + notes
    }
    let stream = RowStream(
      columns: tableColumns, count: rows.count, widths: plain.widths,
      rows: {
        var iterator = rows.makeIterator()
        return AnyIterator { iterator.next().map { row in columns.map { $0.cell(row) } } }
      }, plainRows: plain.source)
    return [heading, .stream(stream)] + notes
  }
}
