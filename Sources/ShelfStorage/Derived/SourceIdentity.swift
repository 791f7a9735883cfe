import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What derived data was made from: its source file as `fstat` saw it (device, inode, size,
/// modification and change times). Any edit changes its size, its modification time or at
/// least its change time (which no program can set back), and a file put in its place has
/// another inode; so derived data whose recorded identity is the source's now was made from
/// the source as it is. The one rule for when derived data is stale.
public struct SourceIdentity: Equatable, Sendable {
  static let fieldCount = 7
  let fields: [Int64]

  init(fields: [Int64]) { self.fields = fields }

  /// The identity as bytes (seven 64-bit numbers), to keep beside what was made from it.
  public var bytes: [UInt8] {
    fields.withUnsafeBytes { Array($0) }
  }

  /// The identity `bytes` gave; nil when these are not such bytes.
  public init?(bytes: [UInt8]) {
    guard bytes.count == Self.fieldCount * 8 else { return nil }
    fields = (0..<Self.fieldCount).map { index in
      bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: index * 8, as: Int64.self) }
    }
  }

  /// The identity of the file `status` describes.
  public init(_ status: stat) {
    #if canImport(Darwin)
      let modified = status.st_mtimespec
      let changed = status.st_ctimespec
    #else
      let modified = status.st_mtim
      let changed = status.st_ctim
    #endif
    self.init(fields: [
      Int64(status.st_dev), Int64(bitPattern: UInt64(status.st_ino)), Int64(status.st_size),
      Int64(modified.tv_sec), Int64(modified.tv_nsec), Int64(changed.tv_sec),
      Int64(changed.tv_nsec),
    ])
  }

  /// The identity of the file at `path` now; nil when it cannot be read.
  public init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    self.init(status)
  }

  /// True when the file last changed before `time` (seconds since 1970). The change time is
  /// the one to look at: a program can set the modification time back, not the change time,
  /// and any later write sets it anew unless it falls in the same tick of the clock.
  public func changedBefore(_ time: Double) -> Bool {
    Double(fields[5]) + Double(fields[6]) / 1e9 < time
  }
}
