import ShelfSearch

/// Every show's row with find's word index over names and genres, as the catalog's sections
/// have: exact words, prefixes, substrings and typos, ranked alike.
struct ShowSearch {
  let rows: [ShowRow]
  let index: SearchIndex

  init(rows: [ShowRow]) {
    self.rows = rows
    index = SearchIndex(
      count: rows.count,
      // The genres as one text: ", " separates words anyway.
      fields: { [rows[$0].name, rows[$0].genres] },
      name: { rows[$0].name })
  }
}
