import Foundation
import ShelfFiles

/// The user's libedit settings (`$EDITRC`, else `~/.editrc`), read by shelf rather than by
/// libedit, so that nothing in it can hang or crash the start: it must be a regular file of at
/// most 1 MiB (a FIFO, a device such as /dev/zero, a directory or a bigger file is refused,
/// unread), and a line longer than `maximumLineBytes` or not UTF-8 is left out. What is left
/// is given to libedit line by line, which reports the lines it does not take.
struct EditRCFile {
  /// libedit 3.1-20221030 copies a `bind` argument into a fixed buffer without checking its
  /// length: a line of 1,300 characters smashes the stack. 1,000 bytes is far more than any
  /// binding needs.
  static let maximumLineBytes = 1000
  static let maximumBytes = 1 << 20

  /// A line to give libedit, with its number in the file.
  struct Line: Equatable {
    let number: Int
    let text: String
  }

  let path: String

  /// `$EDITRC`, else `~/.editrc` (with `$HOME`); nil when neither can be named.
  static func path(environment: [String: String]) -> String? {
    if let editrc = environment["EDITRC"] {
      return editrc.isEmpty ? nil : HomePath.expand(editrc, environment: environment)
    }
    return HomePath.expand("~/.editrc", environment: environment)
  }

  /// The lines for libedit (blank lines and `#` comments left out), and what was wrong.
  func read() -> (lines: [Line], warnings: [String]) {
    let data: Data
    do {
      guard let found = try SmallFile.readIfPresent(path, limit: Self.maximumBytes) else {
        return ([], [])
      }
      data = found
    } catch {
      return ([], ["\(error); it is not used"])
    }
    var lines: [Line] = []
    var warnings: [String] = []
    for (index, bytes) in data.split(separator: 10, omittingEmptySubsequences: false).enumerated() {
      let number = index + 1
      var bytes = bytes
      if bytes.last == 13 { bytes = bytes.dropLast() }
      guard bytes.count <= Self.maximumLineBytes else {
        warnings.append(
          "\(path):\(number): longer than \(Self.maximumLineBytes) bytes (\(bytes.count)); skipped")
        continue
      }
      guard let text = String(validating: bytes, as: UTF8.self) else {
        warnings.append("\(path):\(number): not UTF-8 text; skipped")
        continue
      }
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      lines.append(Line(number: number, text: text))
    }
    return (lines, warnings)
  }
}
