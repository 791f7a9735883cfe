import ShelfSearch
import ShelfStorage

/// Every show's row with find's word index over names and genres, as the catalog's sections
/// have: exact words, prefixes, substrings and typos, ranked alike. The rows are columns (by
/// position, in id order), made from the store's rows or read from the index file a session
/// before made (`ShowFindIndexFile`); a row is made when a find returns it.
struct ShowSearch {
  let ids: Column<Int64>
  /// NaN for a show without a rating.
  let ratings: Column<Double>
  let names: KeyColumn
  /// Each show's genres joined by ", ".
  let genres: KeyColumn
  let index: SearchIndex

  /// How many sections the search takes in a derived file (`write(to:)`).
  static let sectionCount = 7 + SearchIndex.sectionCount

  init(rows: [ShowRow]) {
    var names = PackedKeys()
    var genres = PackedKeys()
    names.reserveCapacity(keys: rows.count, bytes: rows.count * 24)
    genres.reserveCapacity(keys: rows.count, bytes: rows.count * 16)
    for row in rows {
      names.append(row.name)
      genres.append(row.genres)
    }
    let nameColumn = KeyColumn(names)
    let genreColumn = KeyColumn(genres)
    self.ids = Column(rows.map { Int64($0.id) })
    self.ratings = Column(rows.map { $0.rating ?? .nan })
    self.names = nameColumn
    self.genres = genreColumn
    // The genres as one text: ", " separates words anyway.
    index = SearchIndex(
      count: rows.count,
      forEachText: { show, body in
        nameColumn.withKey(show, body)
        genreColumn.withKey(show, body)
      },
      withName: { show, body in nameColumn.withKey(show, body) }, readingTextsTwice: false)
  }

  /// The search read from `file`'s sections (`write(to:)`); nil when they do not fit together.
  init?(sections file: DerivedSections) {
    guard file.count == Self.sectionCount, let counts = file.values(0, as: Int64.self),
      counts.count == 1, counts[0] >= 0, counts[0] < Int64(Int32.max),
      let ids: Column<Int64> = file.column(1), let ratings: Column<Double> = file.column(2),
      let nameBytes: Column<UInt8> = file.column(3),
      let nameOffsets: Column<UInt32> = file.column(4),
      let genreBytes: Column<UInt8> = file.column(5),
      let genreOffsets: Column<UInt32> = file.column(6)
    else { return nil }
    let count = Int(counts[0])
    let names = KeyColumn(bytes: nameBytes, offsets: nameOffsets)
    let genres = KeyColumn(bytes: genreBytes, offsets: genreOffsets)
    guard ids.count == count, ratings.count == count, names.count == count,
      genres.count == count, let index = SearchIndex(count: count, sections: file, first: 7)
    else { return nil }
    self.ids = ids
    self.ratings = ratings
    self.names = names
    self.genres = genres
    self.index = index
  }

  /// Appends the rows' columns and the index to `sink`, in the order `init(sections:)` reads
  /// them; false when the sink failed.
  func write(to sink: inout some SectionSink) -> Bool {
    sink.append(Column([Int64(ids.count)])) && sink.append(ids) && sink.append(ratings)
      && sink.append(names.bytes) && sink.append(names.offsets) && sink.append(genres.bytes)
      && sink.append(genres.offsets) && index.write(to: &sink)
  }

  /// The matches of `text`, best first, each with its row.
  func find(_ text: String) -> [ShowMatch] {
    index.search(text).map { ShowMatch(row: row(at: $0.position), tier: $0.tier) }
  }

  /// The row of the show at `position`.
  func row(at position: Int) -> ShowRow {
    let rating = ratings[position]
    return ShowRow(
      id: Int(ids[position]), name: names.withKey(position) { String(decoding: $0, as: UTF8.self) },
      rating: rating.isNaN ? nil : rating,
      genres: genres.withKey(position) { String(decoding: $0, as: UTF8.self) })
  }
}
