import Foundation
import ShelfDomain
import ShelfStore
import ShelfTV
import ShelfTerminal

/// `/shows`: the show list, streamed from the show store (85,000 shows are never held at
/// once in id order): a table laid out before its first row from the store's widths, or
/// (`--posters`) the same rows with a poster beside each, for the first `posterLimit`.
/// `--sort`, `--reverse`, `--limit` and the filters are asked of the store.
struct ShowListScreen: StreamedJSONScreen {
  let count: Int
  let fromSnapshot: Bool
  /// `--posters` at a terminal that draws pictures: the shows listed, each with its poster
  /// beside its row (nil: the table); `posterFiles` has the posters at hand.
  let posterShows: [Show]?
  let posterFiles: [String: URL]
  let favorites: Set<Int>
  /// The status and rating of each tracked show (JSON `tracking` and `myRating`).
  let tracked: [Int: Tracking]
  /// The show store, read a page at a time while the screen is printed.
  let store: ShowPages
  let request: ListRequest
  /// The rows the request keeps, in its order (nil: every show, in id order, read a page at a
  /// time), and how many it kept before `--limit`.
  let arranged: (rows: [ShowRow], total: Int)?
  let widths: ShowListWidths
  /// The child in question, whose shows are marked "fits" (`ChildrensShows`), and how many
  /// of the store's shows fit (nil when no child is in question, or the list is only those).
  let fitting: Fitting
  let fitCount: Int?

  static let posterLimit = 250
  private static let page = 500

  static let list = ListDeclaration<ShowRow>(
    unit: "shows",
    columns: [
      ListColumn("Id", keys: ["id"], .right) { StyledText(String($0.id), .dim) },
      ListColumn("Name", keys: ["name"], flexible: true) { StyledText($0.name) },
      ListColumn("Rating", keys: ["rating"], .right) {
        StyledText($0.rating.map { String(format: "%.1f", $0) } ?? "–")
      },
      ListColumn("Genres", keys: ["genres"], flexible: true) { StyledText($0.genres, .dim) },
    ],
    orders: ShowListQuery.Order.allCases.map { order in
      ListOrder(name: order.rawValue) { _, _ in nil }  // carried out by the store
    },
    filters: [
      .genre: { _, _ in true }, .status: { _, _ in true }, .language: { _, _ in true },
      .rating: { _, _ in true }, .fits: { _, _ in true },
    ],
    name: \.name)

  /// The rows a request keeps, in its order, and how many it kept before `--limit`; nil for
  /// no request (every show, in id order, read a page at a time).
  static func arranged(_ request: ListRequest, in store: ShowLibrary) throws -> (
    rows: [ShowRow], total: Int
  )? {
    guard !request.isEmpty else { return nil }
    var rows = try store.rows(query(request))
    if request.reverse { rows.reverse() }
    let total = rows.count
    if let limit = request.limit, rows.count > limit { rows = Array(rows.prefix(limit)) }
    return (rows, total)
  }

  /// The shows `--posters` draws: the first `posterLimit` of the rows the list shows.
  static func posterShows(_ request: ListRequest, in store: ShowLibrary) throws -> [Show] {
    guard let arranged = try arranged(request, in: store) else {
      return try store.shows(afterID: Int.min, limit: posterLimit)
    }
    return try arranged.rows.prefix(posterLimit).compactMap { try store.show(id: $0.id) }
  }

  /// The store query a request makes.
  static func query(_ request: ListRequest) -> ShowListQuery {
    var query = ShowListQuery(
      order: request.sort.flatMap(ShowListQuery.Order.init(rawValue:)) ?? .id,
      limit: request.reverse ? nil : request.limit)
    for filter in request.filters {
      switch filter {
      case .genre(let genre): query.genre = genre
      case .status(let status): query.status = status
      case .language(let language): query.language = language
      case .rating(let range): query.rating = range.minimum...range.maximum
      case .fits: query.fitsChildren = true
      default: break
      }
    }
    return query
  }

  func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode("/shows", forKey: .path)
    try container.encode(Array(showItemRows()), forKey: .rows)
  }

  private enum CodingKeys: String, CodingKey { case path, rows }

  func writeJSON(_ write: (String) -> Void, encode: (any Encodable) throws -> String) throws {
    write("{\"path\":\"/shows\",\"rows\":[")
    var first = true
    for row in showItemRows() {
      write((first ? "" : ",") + (try encode(row)))
      first = false
    }
    write("]")
    if let arranged, arranged.total != arranged.rows.count {
      write(",\"total\":\(arranged.total)")
    }
    write("}")
  }

  /// Every listed show's row, read a page at a time.
  private func showItemRows() -> AnySequence<ShowItemRow> {
    let favorites = self.favorites
    let tracked = self.tracked
    let fitting = self.fitting
    let shows: AnySequence<Show> =
      arranged.map { AnySequence(store.shows(ids: $0.rows.map(\.id))) }
      ?? AnySequence(Paged(page: Self.page, fetch: store.shows))
    return AnySequence(
      shows.lazy.map {
        ShowItemRow(
          $0, favorite: favorites.contains($0.id), summaryText: nil,
          tracking: tracked[$0.id]?.status, myRating: tracked[$0.id]?.myRating,
          fits: fitting.fits(genres: $0.genres ?? []))
      })
  }

  /// A tracked show's status and the viewer's rating.
  struct Tracking: Sendable {
    let status: TrackingStatus
    let myRating: Int?
  }

  var blocks: [Block] {
    let source =
      fromSnapshot
      ? "the shipped snapshot; \"refresh\" fetches the current list" : "your local copy"
    let shown = arranged?.rows.count ?? count
    var counted = Thousands.grouped(shown)
    if shown < count { counted += " of \(Thousands.grouped(count))" }
    let arrangedPhrase = ListHeading.phrase(request)
    var parts = [counted] + (arrangedPhrase.isEmpty ? [] : [arrangedPhrase])
    if let fitCount, let name = fitting.name {
      parts.append("\(Thousands.grouped(fitCount)) \(fitCount == 1 ? "fits" : "fit") \(name)")
    }
    parts.append("from \(source)")
    var blocks: [Block] = [
      .text(StyledText("TV shows (\(parts.joined(separator: ", ")))", .heading))
    ]
    if let posterShows {
      blocks += posterBlocks(posterShows, shown: shown)
    } else {
      let favorites = self.favorites
      let store = self.store
      let arranged = self.arranged
      let columns = Self.list.columns
      // With a child in question, "fits" between the star and the action.
      let marksFits = fitting.age != nil
      blocks.append(
        .stream(
          RowStream(
            columns: columns.map(\.tableColumn)
              + Array(repeating: Table.Column(""), count: marksFits ? 3 : 2),
            count: shown,
            // Every width is known: the store's largest id, name and genres; a rating (0 to 10)
            // is narrower than its header, the star one wide, "fits" four, the action label ten.
            widths: [String(widths.largestID).count, widths.name, 4, widths.genres, 1]
              + (marksFits ? [4] : [])
              + [DisplayWidth.of(DetailsLayout.showAction(saved: false).plainText)],
            rows: {
              let all: AnyIterator<ShowRow> =
                arranged.map { AnyIterator($0.rows.makeIterator()) }
                ?? Paged(page: Self.page, fetch: store.rows).makeIterator()
              return AnyIterator {
                all.next().map { row in
                  let saved = favorites.contains(row.id)
                  let fits = ChildrensShows.fit(joined: row.genres)
                  return columns.map { $0.cell(row) } + [DetailsLayout.star(saved)]
                    + (marksFits ? [DetailsLayout.fitsMarker(fits)] : [])
                    + [DetailsLayout.showAction(saved: saved)]
                }
              }
            },
            plainRows: {
              if let arranged {
                return ShowPlainRows.source(
                  arranged.rows, favorites: favorites, marksFits: marksFits)
              }
              guard let cursor = try? store.library.listCursor() else { return { _ in false } }
              return ShowPlainRows.source(cursor, favorites: favorites, marksFits: marksFits)
            })))
    }
    blocks.append(DetailsLayout.tvmazeCredit)
    return blocks
  }

  /// The rows as the table has them, each beside its poster (image.medium); the rest of a long
  /// list is counted after them.
  private func posterBlocks(_ shows: [Show], shown: Int) -> [Block] {
    let rows = shows.map { show in
      let row = ShowRow(
        id: show.id, name: show.name, rating: show.rating?.average,
        genres: (show.genres ?? []).joined(separator: ", "))
      let saved = favorites.contains(show.id)
      let fits = fitting.fits(genres: show.genres ?? [])
      return Self.list.columns.map { $0.cell(row) } + [DetailsLayout.star(saved)]
        + (fits == nil ? [] : [DetailsLayout.fitsMarker(fits)])
        + [DetailsLayout.showAction(saved: saved)]
    }
    let table = Table(
      columns: Self.list.columns.map(\.tableColumn)
        + Array(repeating: Table.Column(""), count: fitting.age == nil ? 2 : 3),
      rows: rows)
    let pictures = shows.map {
      PosterImage(url: $0.image?.medium, name: $0.name, columns: 12, files: posterFiles).source
    }
    var blocks: [Block] = [.figures(table, pictures: pictures)]
    if shown > shows.count {
      blocks.append(
        .text(
          StyledText(
            "… and \(Thousands.grouped(shown - shows.count)) more: posters are drawn for the first \(Self.posterLimit) (--limit or find narrows the list).",
            .dim)))
    }
    return blocks
  }
}
