import Foundation
import ShelfDomain
import ShelfTV
import ShelfTerminal

/// `ls /shows` as a plain table written straight from the store (see `PlainListRows`): the
/// cells of `ShowListScreen`'s columns (id, name, rating, genres, ★ and the action, which a
/// plain table leaves empty) as they print without colours, from the store's bytes, so that
/// 85,000 shows print without a `ShowRow` or a `StyledText` each.
enum ShowPlainRows {
  /// Every show of the store, in id order; `marksFits`: with the "fits" cell after the star.
  static func source(_ cursor: ShowListCursor, favorites: Set<Int>, marksFits: Bool = false)
    -> PlainRowSource
  {
    { row in
      guard cursor.next() else { return false }
      let id = cursor.id
      row.append(decimal: id)
      row.endCell()
      cursor.withName { row.append($0) }
      row.endCell()
      appendRating(cursor.rating, to: &row)
      let fits = cursor.withGenres { genres in
        row.append(genres)
        return marksFits && ChildrensShows.fit(joinedUTF8: genres)
      }
      row.endCell()
      appendMarks(saved: favorites.contains(id), fits: marksFits ? fits : nil, to: &row)
      return true
    }
  }

  /// Rows already read (a sorted, filtered or limited list).
  static func source(_ rows: [ShowRow], favorites: Set<Int>, marksFits: Bool = false)
    -> PlainRowSource
  {
    var iterator = rows.makeIterator()
    return { row in
      guard let show = iterator.next() else { return false }
      row.append(decimal: show.id)
      row.endCell()
      row.append(show.name)
      row.endCell()
      appendRating(show.rating, to: &row)
      row.append(show.genres)
      row.endCell()
      appendMarks(
        saved: favorites.contains(show.id),
        fits: marksFits ? ChildrensShows.fit(joined: show.genres) : nil, to: &row)
      return true
    }
  }

  /// `find` results in /shows (`SearchRow.columns(in: .shows)`: ref, the `~` of a near
  /// spelling when one is among them, name, rating, ★, "fits" when a child is in question,
  /// action), with each column's widest cell.
  static func results(
    _ rows: [ShowRow], favorites: Set<Int>, typos: Set<Int> = [], marksFits: Bool = false
  ) -> PlainListRows {
    var reference = 0
    var name = 0
    var starred = false
    var unsaved = false
    for row in rows {
      reference = max(reference, 5 + String(row.id).utf8.count)
      var text = row.name
      name = max(name, text.withUTF8(TableLayout.width(ofUTF8:)))
      if favorites.contains(row.id) { starred = true } else { unsaved = true }
    }
    let action = DetailsLayout.showAction(saved: !unsaved).plainText
    let fits = marksFits && rows.contains { ChildrensShows.fit(joined: $0.genres) }
    let marksTypos = !typos.isEmpty
    let widths =
      [reference] + (marksTypos ? [1] : [])
      + [name, 4, starred ? 1 : 0, fits ? 4 : 0, DisplayWidth.of(action)]
    return PlainListRows(widths: widths) {
      var iterator = rows.makeIterator()
      return { row in
        guard let show = iterator.next() else { return false }
        row.append("show:")
        row.append(decimal: show.id)
        row.endCell()
        if marksTypos {
          if typos.contains(show.id) { row.append(SearchRow.typoMarker) }
          row.endCell()
        }
        row.append(show.name)
        row.endCell()
        appendRating(show.rating, to: &row)
        appendMarks(
          saved: favorites.contains(show.id),
          fits: marksFits && ChildrensShows.fit(joined: show.genres), to: &row)
        return true
      }
    }
  }

  /// The rating as the column prints it: one decimal (`String(format: "%.1f")`), `–` for none.
  private static func appendRating(_ rating: Double?, to row: inout PlainRow) {
    guard let rating else {
      row.append("–")
      row.endCell(width: 1)
      return
    }
    let tenths = (rating * 10).rounded()
    // A rating with one decimal (TVmaze's) is written digit by digit; any other as the column
    // formats it.
    guard rating >= 0, tenths < 1e9, abs(rating * 10 - tenths) < 1e-6 else {
      row.append(String(format: "%.1f", rating))
      row.endCell()
      return
    }
    let whole = Int(tenths)
    row.append(decimal: whole / 10)
    row.append(byte: UInt8(ascii: "."))
    row.append(byte: UInt8(ascii: "0") + UInt8(whole % 10))
    row.endCell()
  }

  /// The ★ of a favourite, "fits" when a child is in question (`fits` not nil), and the
  /// action label, which only a colour terminal shows.
  private static func appendMarks(saved: Bool, fits: Bool? = nil, to row: inout PlainRow) {
    if saved {
      row.append(DetailsLayout.star(true).plainText)
      row.endCell(width: 1)
    } else {
      row.endCell()
    }
    if let fits {
      if fits { row.append(DetailsLayout.fitsMarker(true).plainText) }
      row.endCell()
    }
    row.endCell()
  }
}
