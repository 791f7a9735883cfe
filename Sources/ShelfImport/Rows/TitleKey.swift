import ShelfSearch

/// A title as two services are taken to agree on it: folded as a typed name is
/// (`SearchKey.fold`: case, accents, width), `&` read as `and`, and every run of punctuation
/// and spaces one space, apostrophes and dots dropped inside words: `Marvel's Agents of
/// S.H.I.E.L.D.` and `Marvels Agents of SHIELD` agree, as do `Law & Order` and `Law and Order`.
public struct TitleKey: Hashable, Sendable {
  public let text: String

  public init(_ title: String) {
    var words: [String] = []
    var word = ""
    for character in SearchKey.fold(title) {
      if character == "&" {
        if !word.isEmpty { words.append(word) }
        words.append("and")
        word = ""
      } else if character.isLetter || character.isNumber {
        word.append(character)
      } else if character == "'" || character == "’" || character == "." {
        continue  // Grey's, S.H.I.E.L.D.: one word
      } else if !word.isEmpty {
        words.append(word)
        word = ""
      }
    }
    if !word.isEmpty { words.append(word) }
    text = words.joined(separator: " ")
  }
}
