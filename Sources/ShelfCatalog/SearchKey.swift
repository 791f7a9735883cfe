import Foundation

/// How text is compared when a user types it: case-, accent- and width-insensitive, with
/// `-`, `_` and runs of spaces treated alike, so `building-blocks` finds "Building Blocks"
/// and `etoile` finds "Étoile".
public enum SearchKey {
  /// The folded form used to compare names and search text.
  public static func fold(_ text: String) -> String {
    text.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
  }

  /// The folded form of a name typed as a path segment or reference.
  public static func name(_ text: String) -> String {
    var result = ""
    var lastWasSpace = false
    for character in fold(text) {
      let isSpace = character == " " || character == "-" || character == "_"
      if isSpace {
        if !lastWasSpace { result.append(" ") }
      } else {
        result.append(character)
      }
      lastWasSpace = isSpace
    }
    return result.trimmingCharacters(in: .whitespaces)
  }
}
