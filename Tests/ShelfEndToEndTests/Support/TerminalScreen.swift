import Foundation

/// Removes ANSI escape sequences (CSI, OSC, two-byte ESC sequences) from terminal output.
func strippingANSI(_ text: String) -> String {
  var result = ""
  var scalars = text.unicodeScalars.makeIterator()
  while let scalar = scalars.next() {
    guard scalar == "\u{1B}" else {
      result.unicodeScalars.append(scalar)
      continue
    }
    guard let kind = scalars.next() else { break }
    switch kind {
    case "[":
      while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
    case "]":
      var previous: Unicode.Scalar = " "
      while let next = scalars.next() {
        if next == "\u{7}" || (previous == "\u{1B}" && next == "\\") { break }
        previous = next
      }
    case "(", ")", "*", "+":
      _ = scalars.next()
    default:
      break
    }
  }
  return result
}

/// A minimal terminal emulator: enough of xterm (carriage return, line feed, backspace,
/// cursor movement, erase in line/display, deferred wrap) to know what a line shows after
/// libedit redraws it in place. Colours and other modes are ignored. Every character takes
/// one column.
struct TerminalScreen {
  private(set) var width: Int
  let height: Int
  private(set) var lines: [[Character]] = [[]]
  private(set) var row = 0
  private(set) var column = 0

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// The screen after `bytes` were written to a blank terminal.
  static func render(_ bytes: [UInt8], width: Int, height: Int) -> TerminalScreen {
    var screen = TerminalScreen(width: width, height: height)
    screen.feed(String(decoding: bytes, as: UTF8.self))
    return screen
  }

  /// A narrower or wider window, as xterm does it: lines are not reflowed; what no longer fits
  /// is cut off and the cursor stays in the last column at most.
  mutating func resize(width: Int) {
    self.width = width
    for index in lines.indices where lines[index].count > width {
      lines[index].removeSubrange(width...)
    }
    column = min(column, width - 1)
  }

  /// The line the cursor is on, without trailing blanks.
  var currentLine: String { text(ofLine: row) }

  /// Every line, without trailing blanks.
  var allLines: [String] { lines.indices.map(text(ofLine:)) }

  var text: String { allLines.joined(separator: "\n") }

  private func text(ofLine index: Int) -> String {
    var characters = lines[index]
    while characters.last == " " { characters.removeLast() }
    return String(characters)
  }

  private mutating func ensureRow(_ index: Int) {
    while lines.count <= index { lines.append([]) }
  }

  private mutating func put(_ character: Character) {
    if column >= width {
      column = 0
      row += 1
    }
    ensureRow(row)
    while lines[row].count < column { lines[row].append(" ") }
    if column < lines[row].count {
      lines[row][column] = character
    } else {
      lines[row].append(character)
    }
    column += 1
  }

  private var topRow: Int { max(0, lines.count - height) }

  mutating func feed(_ text: String) {
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      switch scalar {
      case "\r":
        column = 0
      case "\n":
        row += 1
        ensureRow(row)
      case "\u{8}":
        column = max(0, min(column, width) - 1)
      case "\t":
        column = min(width - 1, (column / 8 + 1) * 8)
      case "\u{7}":
        break
      case "\u{1B}":
        guard let kind = scalars.next() else { return }
        switch kind {
        case "[":
          var parameters = ""
          var final: Unicode.Scalar = "m"
          while let next = scalars.next() {
            if (0x40...0x7E).contains(next.value) {
              final = next
              break
            }
            parameters.unicodeScalars.append(next)
          }
          control(final, parameters)
        case "]":
          var previous: Unicode.Scalar = " "
          while let next = scalars.next() {
            if next == "\u{7}" || (previous == "\u{1B}" && next == "\\") { break }
            previous = next
          }
        case "(", ")", "*", "+":
          _ = scalars.next()
        default:
          break
        }
      default:
        if scalar.value >= 0x20 && scalar.value != 0x7F {
          put(Character(scalar))
        }
      }
    }
  }

  private mutating func control(_ final: Unicode.Scalar, _ parameters: String) {
    let private_ = parameters.hasPrefix("?") || parameters.hasPrefix(">")
    if private_ { return }
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
      Int($0) ?? 0
    }
    let first = numbers.first ?? 0
    let count = max(1, first)
    switch final {
    case "A":
      row = max(topRow, row - count)
    case "B":
      row += count
      ensureRow(row)
    case "C":
      column = min(width - 1, column + count)
    case "D":
      column = max(0, min(column, width) - count)
    case "G":
      column = min(width - 1, count - 1)
    case "H", "f":
      let line = max(1, first)
      let col = max(1, numbers.count > 1 ? numbers[1] : 1)
      row = topRow + line - 1
      ensureRow(row)
      column = min(width - 1, col - 1)
    case "K":
      ensureRow(row)
      switch first {
      case 1:
        for index in 0..<min(column + 1, lines[row].count) { lines[row][index] = " " }
      case 2:
        lines[row] = []
      default:
        if column < lines[row].count { lines[row].removeSubrange(column...) }
      }
    case "J":
      ensureRow(row)
      if first == 0 {
        if column < lines[row].count { lines[row].removeSubrange(column...) }
        lines.removeSubrange((row + 1)...)
      } else if first == 2 || first == 3 {
        for index in topRow..<lines.count { lines[index] = [] }
      }
    case "P":
      ensureRow(row)
      if column < lines[row].count {
        lines[row].removeSubrange(column..<min(lines[row].count, column + count))
      }
    case "@":
      ensureRow(row)
      while lines[row].count < column { lines[row].append(" ") }
      lines[row].insert(contentsOf: Array(repeating: " ", count: count), at: column)
    default:
      break
    }
  }
}
