import ShelfDomain

/// One row's cells as the plain table prints them, written as UTF-8 bytes straight from the
/// list's source (the catalog's columns, the store's rows) instead of a `StyledText` per cell:
/// the text of each cell exactly as its column's `StyledText` would print without colours.
/// `TableLayout` lays out cells of printable ASCII as they are and any other through the same
/// path as a `StyledText` (sanitised, measured, cut), so both print the same.
struct PlainRow {
  private(set) var bytes: [UInt8] = []
  private(set) var ends: [Int] = []
  /// Each cell's display width when its writer knows it (a cell of safe text, such as `★`),
  /// else -1: the layout measures it.
  private(set) var knownWidths: [Int] = []

  init() {
    bytes.reserveCapacity(256)
    ends.reserveCapacity(8)
    knownWidths.reserveCapacity(8)
  }

  var cellCount: Int { ends.count }

  /// The bytes of cell `index`.
  func cell(_ index: Int) -> Range<Int> {
    (index == 0 ? 0 : ends[index - 1])..<ends[index]
  }

  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
    knownWidths.removeAll(keepingCapacity: true)
  }

  /// Ends the cell being written.
  mutating func endCell() {
    ends.append(bytes.count)
    knownWidths.append(-1)
  }

  /// Ends the cell being written, whose text is known to be safe and `width` columns wide
  /// (text the program itself writes, never text of the catalog or the network).
  mutating func endCell(width: Int) {
    ends.append(bytes.count)
    knownWidths.append(width)
  }

  mutating func append(_ text: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: text) }

  mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  mutating func append(byte: UInt8) { bytes.append(byte) }

  /// `value` in decimal, as `String(value)` writes it.
  mutating func append(decimal value: Int) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    appendDigits(value.magnitude, grouped: false)
  }

  /// An amount as `Money.formatted` writes it: `$1,234.05`.
  mutating func append(money: Money) {
    let cents = money.cents
    if cents < 0 { bytes.append(UInt8(ascii: "-")) }
    bytes.append(UInt8(ascii: "$"))
    appendDigits(UInt(cents.magnitude / 100), grouped: true)
    appendFraction(Int(cents.magnitude % 100))
  }

  /// The digits of `value`, with a comma between thousands when `grouped`.
  private mutating func appendDigits(_ value: UInt, grouped: Bool) {
    var digits = 1
    var rest = value / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    let length = grouped ? digits + (digits - 1) / 3 : digits
    let start = bytes.count
    bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: length))
    bytes.withUnsafeMutableBufferPointer { buffer in
      var at = start + length - 1
      var rest = value
      var written = 0
      repeat {
        if grouped, written > 0, written % 3 == 0 {
          buffer[at] = UInt8(ascii: ",")
          at -= 1
        }
        buffer[at] = UInt8(ascii: "0") + UInt8(rest % 10)
        at -= 1
        rest /= 10
        written += 1
      } while rest > 0
    }
  }

  private mutating func appendFraction(_ fraction: Int) {
    bytes.append(UInt8(ascii: "."))
    bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10))
    bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10))
  }
}
