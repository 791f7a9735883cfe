import Foundation

/// A person's name in the household: 1 to 32 letters, digits, `-` and `_`, starting with a
/// letter or a digit (so it never reads as an option). Names are compared without case: `mia`
/// and `Mia` are one person, whose files live in `profiles/mia/`.
public struct ProfileName: Hashable, Sendable, CustomStringConvertible {
  public static let maximumLength = 32

  /// The name as it was given (NFC), as the screens show it.
  public let text: String

  /// Checks `text`; nil when it is not a name.
  public init?(_ text: String) {
    let normalized = Self.composed(text)
    guard let first = normalized.first, !normalized.isEmpty,
      normalized.count <= Self.maximumLength, first != "-", first != "_",
      normalized.allSatisfy(Self.isAllowed)
    else { return nil }
    self.text = normalized
  }

  /// What names are compared by, and the name of the profile's directory.
  public var key: String { Self.key(text) }

  /// The key of any text (a name typed in another case).
  public static func key(_ text: String) -> String {
    composed(text).lowercased()
  }

  /// `text` in NFC. ASCII text is already (and most names are ASCII: Foundation's
  /// normalisation costs a start a fifth of a millisecond the first time it runs).
  private static func composed(_ text: String) -> String {
    text.utf8.allSatisfy { $0 < 0x80 } ? text : text.precomposedStringWithCanonicalMapping
  }

  public var description: String { text }

  public static func == (left: ProfileName, right: ProfileName) -> Bool { left.key == right.key }

  public func hash(into hasher: inout Hasher) { hasher.combine(key) }

  /// What a name may hold, in words, for errors and `help`.
  public static let rule = "letters, digits, - and _ (at most 32, starting with a letter or digit)"

  private static func isAllowed(_ character: Character) -> Bool {
    if character == "-" || character == "_" { return true }
    if character.isASCII { return character.isLetter || character.isNumber }
    // Letters of any script, one scalar each after NFC (no marks or symbols on their own).
    return character.unicodeScalars.count == 1 && character.isLetter
  }

  /// The first profile's name from the login name: `$USER` when it is a name, else `me`.
  public static func firstProfile(login: String?) -> ProfileName {
    login.flatMap(ProfileName.init) ?? ProfileName.me
  }

  /// `me`.
  public static var me: ProfileName {
    guard let name = ProfileName("me") else { preconditionFailure("me is a name") }
    return name
  }
}
