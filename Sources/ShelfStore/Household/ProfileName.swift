import Foundation

/// A person's name in the household: 1 to 32 letters, digits, `-` and `_`, starting with a
/// letter or a digit (so it never reads as an option). Names are compared without case: `mia`
/// and `Mia` are one person, whose files live in `profiles/mia/`; and as they look (`lookalike`):
/// a full-width `Ｍia` is taken when there is a `Mia`. A new name with an invisible or direction
/// character (`invisibleCharacter`) is refused by the commands that make one (a name saved
/// before stays readable).
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

  /// What look-alike names share: the text after Unicode compatibility folding (NFKC) and
  /// case folding (`Ｍia`, `MIA` and `mia` are `mia`; `Straße` is `strasse`). Two people never
  /// have one; it is not the directory's name (`key` is, so no profile's files move).
  public static func lookalike(_ text: String) -> String {
    guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.lowercased() }
    // Full case folding is the lower case of the upper case but for a few letters whose
    // difference no name holds; NFKC again after it, as Unicode's NFKC_Casefold does.
    return text.precomposedStringWithCompatibilityMapping.uppercased().lowercased()
      .precomposedStringWithCompatibilityMapping
  }

  /// The first invisible or direction character of `text` (a right-to-left override, a
  /// zero-width space, a Hangul filler, a control character), which a name may not hold:
  /// it would print as a name it is not.
  public static func invisibleCharacter(in text: String) -> Unicode.Scalar? {
    text.unicodeScalars.first { scalar in
      guard scalar.value >= 0x80 || scalar.value < 0x20 || scalar.value == 0x7F else {
        return false
      }
      let properties = scalar.properties
      return properties.isDefaultIgnorableCodePoint || properties.isBidiControl
        || properties.isJoinControl || properties.generalCategory == .control
        || properties.generalCategory == .format || properties.isWhitespace
    }
  }

  /// `U+202E RIGHT-TO-LEFT OVERRIDE`: a character named for an error.
  public static func describe(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    return (scalar.properties.name ?? scalar.properties.nameAlias).map { "\(code) \($0)" } ?? code
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
