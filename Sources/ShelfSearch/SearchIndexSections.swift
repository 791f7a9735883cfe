import ShelfStorage

/// A word index as sections of a derived file: the toys' index file and find's index of the
/// shows keep it alike.
extension SearchIndex {
  /// How many sections the index takes, one after another.
  public static let sectionCount = 11

  /// Appends the index's parts to `sink`, in the order `init(count:sections:first:)` reads
  /// them; false when the sink failed.
  public func write(to sink: inout some SectionSink) -> Bool {
    sink.append(parts.words.bytes) && sink.append(parts.words.offsets)
      && sink.append(parts.words.slots) && sink.append(parts.postingStarts)
      && sink.append(parts.postings) && sink.append(parts.otherWords)
      && sink.append(parts.otherWordLetters) && sink.append(parts.nameRanks)
      && sink.append(parts.otherWordBytes) && sink.append(parts.otherWordOffsets)
      && sink.append(parts.nameOrder)
  }

  /// The index of `count` items whose sections start at section `first` of `file` (read as
  /// they are used); nil when they do not fit together.
  public init?(count: Int, sections file: DerivedSections, first: Int) {
    func column<Element: BitwiseCopyable>(_ offset: Int) -> Column<Element>? {
      file.column(first + offset)
    }
    guard let wordBytes: Column<UInt8> = column(0),
      let wordOffsets: Column<Int32> = column(1),
      let wordSlots: Column<Int32> = column(2),
      let words = WordColumns(bytes: wordBytes, offsets: wordOffsets, slots: wordSlots),
      let postingStarts: Column<Int32> = column(3),
      let postings: Column<Int32> = column(4),
      let otherWords: Column<Int32> = column(5),
      let otherWordLetters: Column<UInt64> = column(6),
      let nameRanks: Column<Int32> = column(7),
      let otherWordBytes: Column<UInt8> = column(8),
      let otherWordOffsets: Column<Int32> = column(9),
      let nameOrder: Column<Int32> = column(10)
    else { return nil }
    self.init(
      count: count,
      parts: Parts(
        words: words, postingStarts: postingStarts, postings: postings, otherWords: otherWords,
        otherWordBytes: otherWordBytes, otherWordOffsets: otherWordOffsets,
        otherWordLetters: otherWordLetters, nameRanks: nameRanks, nameOrder: nameOrder))
  }
}
