/// Distinct folded words, each with a number its owner gives it (the show store's word ids),
/// matched as `find` matches the words of its index: a word starting with the term, containing
/// it, or a typo of it (`SearchIndex.scan`, the same code). The exact word is the owner's to
/// look up. Words of digits alone are not kept: a number matches only itself.
public struct WordVocabulary: Sendable {
  private var numbers: [Int] = []
  private var bytes: [UInt8] = []
  private var offsets: [Int32] = [0]
  private var letters: [UInt64] = []

  public init() {}

  /// How many words it holds.
  public var count: Int { numbers.count }

  /// Adds `word` (folded, as `SearchKey.words(in:)` gives them) as word `number`.
  public mutating func append(number: Int, word: UnsafeBufferPointer<UInt8>) {
    guard !word.isEmpty, !word.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
      bytes.count + word.count < Int(Int32.max)
    else { return }
    numbers.append(number)
    bytes.append(contentsOf: word)
    offsets.append(Int32(bytes.count))
    letters.append(SearchIndex.letters(of: word))
  }

  /// The words `term` matches other than word `exact` (the term itself, when the owner has
  /// it), each with how it matches.
  public func matches(_ term: [UInt8], exact: Int?) -> [(number: Int, tier: MatchTier)] {
    guard !term.isEmpty, !SearchIndex.isNumber(term) else { return [] }
    var found: [(number: Int, tier: MatchTier)] = []
    let positions = (0..<Int32(numbers.count)).map { $0 }
    let skipped = exact.flatMap { exact in numbers.firstIndex(of: exact) }
    positions.withUnsafeBufferPointer { positions in
      bytes.withUnsafeBufferPointer { bytes in
        offsets.withUnsafeBufferPointer { offsets in
          letters.withUnsafeBufferPointer { letters in
            SearchIndex.scan(
              term, skipping: skipped, words: positions, bytes: bytes, offsets: offsets,
              letters: letters
            ) { position, tier in found.append((numbers[position], tier)) }
          }
        }
      }
    }
    return found
  }
}
