#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The first 100 bytes of a SQLite database file (https://sqlite.org/fileformat.html), checked
/// for values SQLite never writes but does not call damage: a "newer" file format makes it
/// open the file read-only, and reserved bytes per page make its full-text index fail, so that
/// every later write fails the same way.
public struct SQLiteHeader {
  public static let size = 100
  private static let magic = Array("SQLite format 3\u{0}".utf8)
  private static let writeVersionOffset = 18
  private static let readVersionOffset = 19
  private static let reservedBytesOffset = 20
  /// 1 for a rollback journal, 2 for WAL.
  private static let formatVersions: ClosedRange<UInt8> = 1...2

  public let bytes: [UInt8]

  public init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Why these bytes are not a header SQLite writes, or nil. Bytes without SQLite's magic
  /// string are left to SQLite (it reports them as not a database).
  public var damage: String? {
    guard bytes.count >= Self.size, bytes.starts(with: Self.magic) else { return nil }
    let write = bytes[Self.writeVersionOffset]
    let read = bytes[Self.readVersionOffset]
    if !Self.formatVersions.contains(write) || !Self.formatVersions.contains(read) {
      return "file format \(write)/\(read) in its header"
    }
    let reserved = bytes[Self.reservedBytesOffset]
    if reserved != 0 { return "\(reserved) reserved bytes per page in its header" }
    return nil
  }

  /// Opens `path` for reading without waiting (a FIFO would block).
  public static func openForReading(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
  }
}
