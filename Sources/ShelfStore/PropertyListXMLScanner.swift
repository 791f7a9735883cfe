import Foundation
import ShelfDomain

/// Reads an XML property list in the form shelf writes it (`PropertyListXMLWriter`), token by
/// token, without building a tree: the prolog, `<dict>` and `<array>` (or `<array/>`), keys
/// that are plain ASCII names, integers in decimal and dates in UTC to the second. Whitespace
/// between elements is skipped. Anything else (a comment, an entity, another element or form)
/// is not taken: the caller gives up and leaves the file to `PropertyListDecoder`, so that a
/// scanner never reads a file differently from it. Every byte it takes is ASCII.
struct PropertyListXMLScanner {
  private let bytes: UnsafeRawBufferPointer
  private var position = 0

  init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  /// Takes the XML declaration, the property list's DOCTYPE and `<plist version="1.0">`, as
  /// shelf and Foundation write them, at the start.
  mutating func takeProlog() -> Bool {
    position == 0
      && take(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
        "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        """, right: true)
  }

  /// Takes `</plist>` and the whitespace after it, which must end the bytes.
  mutating func takeEnd() -> Bool {
    guard take("</plist>") else { return false }
    skipWhitespace()
    return position == bytes.count
  }

  /// Takes `literal` when it comes next, after any whitespace (none with `right` true: an end
  /// tag right after its text); moves nothing when it does not.
  mutating func take(_ literal: StaticString, right: Bool = false) -> Bool {
    var at = position
    if !right {
      while at < bytes.count, Self.isWhitespace(bytes[at]) { at += 1 }
    }
    let count = literal.utf8CodeUnitCount
    guard bytes.count - at >= count else { return false }
    let text = literal.utf8Start
    for offset in 0..<count where bytes[at + offset] != text[offset] { return false }
    position = at + count
    return true
  }

  /// An array's start: true for `<array>` (then elements follow up to `</array>`), false for
  /// `<array/>` (nothing follows); nil when neither comes next.
  mutating func takeArrayStart() -> Bool? {
    if take("<array>") { return true }
    if take("<array/>") { return false }
    return nil
  }

  /// Takes `<key>NAME</key>` and returns the index in `names` of NAME; nil when the next
  /// element is not a key, or its name is none of `names`.
  mutating func takeKey(_ names: [StaticString]) -> Int? {
    let start = position
    guard take("<key>") else { return nil }
    let nameStart = position
    while position < bytes.count, bytes[position] != UInt8(ascii: "<") { position += 1 }
    let length = position - nameStart
    guard take("</key>", right: true) else {
      position = start
      return nil
    }
    for (index, name) in names.enumerated() where name.utf8CodeUnitCount == length {
      let text = name.utf8Start
      if (0..<length).allSatisfy({ bytes[nameStart + $0] == text[$0] }) { return index }
    }
    position = start
    return nil
  }

  /// Takes `<integer>DIGITS</integer>` (a `-` allowed first, no leading zero, at most 18
  /// digits); nil when that is not what comes next.
  mutating func takeInteger() -> Int? {
    let start = position
    guard take("<integer>") else { return nil }
    let negative = position < bytes.count && bytes[position] == UInt8(ascii: "-")
    if negative { position += 1 }
    let digitsStart = position
    var value = 0
    // A number of more than 18 digits is refused: reading stops at 18, before it can overflow.
    while position < bytes.count, position - digitsStart < 18,
      let digit = Self.digit(bytes[position])
    {
      value = value * 10 + digit
      position += 1
    }
    let digits = position - digitsStart
    guard digits >= 1, digits <= 18, digits == 1 || bytes[digitsStart] != UInt8(ascii: "0"),
      !(negative && value == 0), take("</integer>", right: true)
    else {
      position = start
      return nil
    }
    return negative ? -value : value
  }

  /// Takes `<date>YYYY-MM-DDTHH:MM:SSZ</date>` of a real day and time between the years 1900
  /// and 9999; nil when that is not what comes next.
  mutating func takeDate() -> Date? {
    let start = position
    guard take("<date>"), bytes.count - position >= 20 else {
      position = start
      return nil
    }
    let at = position
    func number(_ offset: Int, _ count: Int) -> Int? {
      var value = 0
      for index in (at + offset)..<(at + offset + count) {
        guard let digit = Self.digit(bytes[index]) else { return nil }
        value = value * 10 + digit
      }
      return value
    }
    func byte(_ offset: Int, _ expected: Unicode.Scalar) -> Bool {
      bytes[at + offset] == UInt8(ascii: expected)
    }
    guard byte(4, "-"), byte(7, "-"), byte(10, "T"), byte(13, ":"), byte(16, ":"), byte(19, "Z"),
      let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
      let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
      (1900...9999).contains(year), hour < 24, minute < 60, second < 60,
      let days = CivilDay.daysSince1970(year: year, month: month, day: day)
    else {
      position = start
      return nil
    }
    position += 20
    guard take("</date>", right: true) else {
      position = start
      return nil
    }
    let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
    return Date(timeIntervalSince1970: Double(seconds))
  }

  private mutating func skipWhitespace() {
    while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
  }

  /// XML's whitespace: space, tab, line feed, carriage return.
  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private static func digit(_ byte: UInt8) -> Int? {
    byte >= 0x30 && byte <= 0x39 ? Int(byte - 0x30) : nil
  }
}
