import Foundation

/// Damages a valid document the ways files get damaged or forged: cut short, bytes flipped,
/// inserted, deleted or repeated, pieces of the format (`fragments`: wrong types, huge
/// numbers, forbidden characters, deep nesting) spliced in, or nothing but random bytes.
public struct DocumentDamager {
  /// Valid documents to start from.
  public let originals: [Data]
  /// Pieces of the format worth splicing in.
  public let fragments: [Data]

  public init(originals: [Data], fragments: [Data]) {
    precondition(!originals.isEmpty)
    self.originals = originals
    self.fragments = fragments
  }

  /// A damaged copy of one of the originals: one to three damages.
  public func damaged(using random: inout SplitMix64) -> Data {
    var bytes = [UInt8](random.pick(originals))
    if random.chance(4) {
      return Data(
        (0..<Int.random(in: 0...600, using: &random)).map { _ in
          UInt8.random(in: 0...255, using: &random)
        })
    }
    for _ in 0..<Int.random(in: 1...3, using: &random) { damage(&bytes, using: &random) }
    return Data(bytes)
  }

  private func damage(_ bytes: inout [UInt8], using random: inout SplitMix64) {
    let at = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
    switch Int.random(in: 0..<8, using: &random) {
    case 0:
      bytes.removeSubrange(at...)
    case 1:
      for _ in 0..<Int.random(in: 1...8, using: &random) where !bytes.isEmpty {
        bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= UInt8.random(
          in: 1...255, using: &random)
      }
    case 2:
      bytes.insert(
        contentsOf: (0..<Int.random(in: 1...16, using: &random)).map { _ in
          UInt8.random(in: 0...255, using: &random)
        }, at: at)
    case 3:
      bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...64, using: &random)))
    case 4:
      let piece = bytes[at..<min(bytes.count, at + Int.random(in: 1...200, using: &random))]
      bytes.insert(contentsOf: piece, at: at)
    case 5:
      replaceNumber(in: &bytes, using: &random)
    default:
      guard !fragments.isEmpty else { return }
      bytes.insert(contentsOf: random.pick(fragments), at: at)
    }
  }

  /// Replaces a run of digits with a number at the edge of what fits.
  private func replaceNumber(in bytes: inout [UInt8], using random: inout SplitMix64) {
    guard !bytes.isEmpty else { return }
    var start = Int.random(in: 0..<bytes.count, using: &random)
    while start < bytes.count, !(0x30...0x39).contains(bytes[start]) { start += 1 }
    guard start < bytes.count else { return }
    var end = start
    while end < bytes.count, (0x30...0x39).contains(bytes[end]) { end += 1 }
    let number = random.pick([
      "0", "-1", "999", "1000", "2147483648", "9223372036854775807", "9223372036854775808",
      "-9223372036854775809", "99999999999999999999999999999999", "1e308", "1e309", "-0", "NaN",
    ])
    bytes.replaceSubrange(start..<end, with: Array(number.utf8))
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Data {
  /// Writes the bytes to `url` without flushing them to disk (`Data.write` flushes each file,
  /// which for thousands of throw-away documents costs more than everything else).
  public func put(to url: URL) throws {
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
    defer { close(descriptor) }
    try withUnsafeBytes { buffer in
      var done = 0
      while done < buffer.count {
        #if canImport(Glibc)
          let count = Glibc.write(descriptor, buffer.baseAddress! + done, buffer.count - done)
        #else
          let count = Darwin.write(descriptor, buffer.baseAddress! + done, buffer.count - done)
        #endif
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { throw CocoaError(.fileWriteUnknown) }
        done += count
      }
    }
  }
}
