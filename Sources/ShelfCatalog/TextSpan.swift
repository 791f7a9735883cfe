/// Where a field is in a catalog file's text: a byte offset and a length (32 bits each, so a
/// catalog file is under 4 GiB).
struct TextSpan: Hashable, Sendable {
  let start: UInt32
  let count: UInt32

  func bytes(in text: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: text[Int(start)..<Int(start) + Int(count)])
  }
}
