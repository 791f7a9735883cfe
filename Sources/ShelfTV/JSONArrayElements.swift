import Foundation

/// Where each element of a JSON array lies in its text: the ranges between the array's own
/// commas, found by following strings (with their escapes) and nesting, so that a list encoded
/// at once can be kept one element a row.
enum JSONArrayElements {
  /// The byte ranges of the top-level elements of the array `json` (none for `[]`, or when
  /// `json` is not an array).
  static func ranges(in json: Data) -> [Range<Data.Index>] {
    let spaces: Set<UInt8> = [0x20, 0x0A, 0x09, 0x0D]
    guard json.first(where: { !spaces.contains($0) }) == UInt8(ascii: "[") else { return [] }
    var ranges: [Range<Data.Index>] = []
    var depth = 0
    var inString = false
    var escaped = false
    var start: Data.Index?
    var index = json.startIndex
    while index < json.endIndex {
      let byte = json[index]
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
      } else {
        switch byte {
        case UInt8(ascii: "\""):
          inString = true
          if depth == 1, start == nil { start = index }
        case UInt8(ascii: "["), UInt8(ascii: "{"):
          if depth == 1, start == nil { start = index }
          depth += 1
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
          depth -= 1
          if depth == 0, let first = start { ranges.append(first..<index) }
        case UInt8(ascii: ","):
          if depth == 1, let first = start {
            ranges.append(first..<index)
            start = nil
          }
        default:
          if depth == 1, start == nil, !spaces.contains(byte) { start = index }
        }
      }
      index += 1
    }
    return ranges
  }
}
