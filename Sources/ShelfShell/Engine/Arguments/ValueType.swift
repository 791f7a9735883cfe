import Foundation
import ShelfCatalog
import ShelfDomain
import ShelfStore

/// What a value typed on a command line is: the placeholder that names it in the usage line
/// (`QTY`), what it accepts in words (`1-999`, for `help` and every value error), how its text
/// is read, and what Tab offers. Declared once and read by the parser, the completer, `help`,
/// the manual page and the completion scripts.
public struct ValueType<Value: Sendable>: Sendable {
  /// The placeholder in the usage line: `QTY`, `MIN-MAX`, `REF`.
  public let placeholder: String
  /// What the value may be, as `help` and errors say it: `1-999`, `name, price or age`; empty
  /// when any text is taken (a REF, a path: what they name is checked where they are used).
  public let accepts: String
  public let completion: ValueCompletion
  /// A run of the rest of the words makes one value (`open The Lantern Snail`).
  public let joinsWords: Bool
  let read: @Sendable (String) -> Value?

  public init(
    placeholder: String, accepts: String, completion: ValueCompletion = .none,
    joinsWords: Bool = false, read: @escaping @Sendable (String) -> Value?
  ) {
    self.placeholder = placeholder
    self.accepts = accepts
    self.completion = completion
    self.joinsWords = joinsWords
    self.read = read
  }

  /// The same value under another placeholder (`N` instead of `QTY`).
  public func named(_ placeholder: String) -> ValueType {
    ValueType(
      placeholder: placeholder, accepts: accepts, completion: completion,
      joinsWords: joinsWords, read: read)
  }

  /// The same value with these usual values offered by Tab (`--days 7`).
  public func suggesting(_ words: [String]) -> ValueType {
    ValueType(
      placeholder: placeholder, accepts: accepts, completion: .words(words),
      joinsWords: joinsWords, read: read)
  }

  var erased: ValueSpec {
    let read = self.read
    return ValueSpec(
      placeholder: placeholder, accepts: accepts, completion: completion, joinsWords: joinsWords,
      read: { text in read(text).map { $0 as any Sendable } })
  }
}

extension ValueType where Value == Int {
  /// A whole number in `range`, written in ASCII digits (`1-999`; `1 or more` when open).
  public static func integer(_ placeholder: String, in range: ClosedRange<Int>) -> ValueType {
    let accepts =
      range.upperBound == Int.max
      ? "a whole number from \(range.lowerBound)" : "\(range.lowerBound)-\(range.upperBound)"
    return ValueType(placeholder: placeholder, accepts: accepts) { text in
      WholeNumber.parse(text).flatMap { range.contains($0) ? $0 : nil }
    }
  }
}

extension ValueType where Value == AgeRange {
  /// Ages `MIN-MAX` from 0 to 99 (`3-6`; `4` alone is `4-4`).
  public static var ages: ValueType {
    ValueType(
      placeholder: "MIN-MAX",
      accepts: "MIN-MAX from 0 to \(AgeRange.maximumAge) such as 3-6, MIN not above MAX",
      completion: .words(["0-2", "3-5", "6-8", "9-12"])
    ) { AgeRange(parsing: $0) }
  }
}

extension ValueType where Value == PriceRange {
  /// Prices `MIN-MAX` (`5-20`, `4.50-12.99`; MIN not above MAX).
  public static var prices: ValueType {
    ValueType(
      placeholder: "MIN-MAX", accepts: "MIN-MAX such as 5-20 or 4.50-12.99, MIN not above MAX"
    ) { PriceRange(parsing: $0) }
  }
}

extension ValueType where Value == EpisodeCode {
  /// An episode code, `S02E05`.
  public static var episodeCode: ValueType {
    ValueType(placeholder: "CODE", accepts: "an episode code such as S02E05") { text in
      EpisodeCode(parsing: text).flatMap { $0.number == nil ? nil : $0 }
    }
  }
}

extension ValueType
where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
  /// One of the cases' names, in any case (`--sort price`).
  public static func choice(_ placeholder: String? = nil, of type: Value.Type = Value.self)
    -> ValueType
  {
    let words = Value.allCases.map(\.rawValue)
    let choices = Value.allCases.map {
      Candidate($0.rawValue, description: ($0 as? any DescribedChoice)?.meaning)
    }
    return ValueType(
      placeholder: placeholder ?? words.joined(separator: "|"), accepts: WordList.or(words),
      completion: .choices(choices)
    ) { Value(rawValue: $0.lowercased()) }
  }
}

extension ValueType where Value == String {
  /// REF: an item by id, name (the rest of the words, so names need no quotes) or path.
  public static var reference: ValueType {
    ValueType(
      placeholder: "REF", accepts: "", completion: .references,
      joinsWords: true
    ) { $0 }
  }

  /// A path of the shell.
  public static var path: ValueType {
    ValueType(placeholder: "PATH", accepts: "", completion: .paths) { $0 }
  }

  /// A file on disk; `~` is the user's home.
  public static var file: ValueType {
    ValueType(placeholder: "FILE", accepts: "", completion: .files) { $0 }
  }

  /// Free text: the rest of the words, joined by spaces.
  public static func text(_ placeholder: String) -> ValueType {
    ValueType(placeholder: placeholder, accepts: "", joinsWords: true) { $0 }
  }

  /// One word, as typed (a command's name, a topic).
  public static func word(_ placeholder: String, completion: ValueCompletion = .none)
    -> ValueType
  {
    ValueType(placeholder: placeholder, accepts: "", completion: completion) { $0 }
  }
}

/// A whole number as a person types it: optional `-`, then ASCII digits, nothing else.
enum WholeNumber {
  static func parse(_ text: String) -> Int? {
    let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
    guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber })
    else { return nil }
    return Int(text)
  }
}

/// Lists in prose: `a, b or c`, `a, b and c`.
enum WordList {
  static func or(_ words: [String]) -> String { joined(words, "or") }

  static func and(_ words: [String]) -> String { joined(words, "and") }

  /// Names in quotes: `"Rosie Rag Doll" and "Mabel"`.
  static func quoted(_ names: [String]) -> String { and(names.map { "\"\($0)\"" }) }

  private static func joined(_ words: [String], _ last: String) -> String {
    guard words.count > 1, let final = words.last else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " \(last) " + final
  }
}

extension ValueType where Value == [String] {
  /// Keys separated by commas (`id,name,price`): each once, none empty.
  public static var keys: ValueType {
    ValueType(
      placeholder: "KEYS", accepts: "JSON keys separated by commas, such as id,name,price",
      completion: .columns
    ) { text in
      let keys = text.split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard !keys.contains(where: \.isEmpty), Set(keys).count == keys.count else { return nil }
      return keys
    }
  }
}

extension ValueType where Value == PeopleChoice {
  /// People of the household besides you (`watched --with Mia,Leo`, `--with all`).
  public static var people: ValueType {
    ValueType(
      placeholder: "NAME,NAME|all", accepts: "names separated by commas, or all",
      completion: .otherProfiles
    ) { text in
      if text.lowercased() == "all" { return .everyone }
      let names = text.split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard !names.contains(where: \.isEmpty) else { return nil }
      return .named(names)
    }
  }
}

/// Whom `--with` names: everyone of the household, or these names.
public enum PeopleChoice: Sendable, Equatable {
  case everyone
  case named([String])
}

extension ValueType where Value == String {
  /// The name of a person of the household (any case; Tab offers the names).
  public static var profile: ValueType {
    ValueType(placeholder: "NAME", accepts: "", completion: .profiles) { $0 }
  }

  /// Someone else of the household (`buy --for NAME`): Tab offers the others' names.
  public static var otherProfile: ValueType {
    ValueType(placeholder: "NAME", accepts: "", completion: .otherProfiles) { $0 }
  }
}

extension ValueType where Value == BirthMonth {
  /// A birth month, `YYYY-MM` (`2019-05`).
  public static var birthMonth: ValueType {
    ValueType(placeholder: "YYYY-MM", accepts: "YYYY-MM such as 2019-05") {
      BirthMonth(parsing: $0)
    }
  }
}
