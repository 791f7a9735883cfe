import CZlib
import Foundation

/// A zip archive (PKWARE's APPNOTE), read from its bytes: the entries its central directory
/// lists, and an entry's contents on request, stored or deflated (through zlib) and checked
/// against its CRC-32. What a tracker's export needs and no more: ZIP64 sizes and offsets are
/// understood; an encrypted entry, another compression method or a damaged archive is refused
/// with the reason in words, and nothing is ever inflated past the limit the caller gives.
public struct ZipArchive: Sendable {
  /// One file of the archive.
  public struct Entry: Sendable {
    /// Its path in the archive, `/`-separated (`trakt/watched/watched-history-1.json`).
    public let path: String
    /// Its size once extracted, as the archive states it.
    public let size: UInt64
    let compressedSize: UInt64
    let method: UInt16
    let flags: UInt16
    let crc: UInt32
    let localHeaderOffset: UInt64

    /// The last part of its path.
    public var name: String {
      path.split(separator: "/").last.map(String.init) ?? path
    }

    public var isDirectory: Bool { path.hasSuffix("/") }
  }

  public let entries: [Entry]
  private let bytes: Data

  /// True when the bytes start as a zip archive does (a local file header, or the end record of
  /// an empty archive).
  public static func looksLikeZip(_ bytes: Data) -> Bool {
    bytes.count >= 4 && bytes.prefix(2).elementsEqual([0x50, 0x4B])
      && [[3, 4], [5, 6]].contains(Array(bytes.dropFirst(2).prefix(2)))
  }

  public init(_ bytes: Data) throws(ZipError) {
    self.bytes = bytes
    let reader = ByteReader(bytes)
    guard let end = Self.endRecord(reader) else {
      throw ZipError("not a zip archive (no end of central directory)")
    }
    var count = UInt64(reader.uint16(end + 10))
    var directorySize = UInt64(reader.uint32(end + 12))
    var directoryOffset = UInt64(reader.uint32(end + 16))
    if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
      // ZIP64: the locator just before the end record points at the larger record.
      let locator = end - 20
      guard locator >= 0, reader.uint32(locator) == 0x0706_4B50 else {
        throw ZipError("a ZIP64 archive without its locator")
      }
      let record = reader.uint64(locator + 8)
      guard record < UInt64(bytes.count) - 56, reader.uint32(Int(record)) == 0x0606_4B50 else {
        throw ZipError("a ZIP64 archive whose end record is missing")
      }
      count = reader.uint64(Int(record) + 32)
      directorySize = reader.uint64(Int(record) + 40)
      directoryOffset = reader.uint64(Int(record) + 48)
    }
    guard directoryOffset + directorySize <= UInt64(bytes.count), count <= directorySize / 46
    else { throw ZipError("a damaged archive (its directory lies outside the file)") }
    var entries: [Entry] = []
    var offset = Int(directoryOffset)
    for _ in 0..<count {
      guard offset + 46 <= bytes.count, reader.uint32(offset) == 0x0201_4B50 else {
        throw ZipError("a damaged archive (its directory is cut short)")
      }
      let nameLength = Int(reader.uint16(offset + 28))
      let extraLength = Int(reader.uint16(offset + 30))
      let commentLength = Int(reader.uint16(offset + 32))
      let next = offset + 46 + nameLength + extraLength + commentLength
      guard next <= bytes.count else { throw ZipError("a damaged archive (a name is cut short)") }
      var size = UInt64(reader.uint32(offset + 24))
      var compressedSize = UInt64(reader.uint32(offset + 20))
      var localOffset = UInt64(reader.uint32(offset + 42))
      Self.readZIP64(
        reader, extra: (offset + 46 + nameLength)..<(offset + 46 + nameLength + extraLength),
        size: &size, compressedSize: &compressedSize, localOffset: &localOffset)
      let name = bytes[
        (bytes.startIndex + offset + 46)..<(bytes.startIndex + offset + 46 + nameLength)]
      entries.append(
        Entry(
          path: String(decoding: name, as: UTF8.self), size: size,
          compressedSize: compressedSize, method: reader.uint16(offset + 10),
          flags: reader.uint16(offset + 8), crc: reader.uint32(offset + 16),
          localHeaderOffset: localOffset))
      offset = next
    }
    self.entries = entries
  }

  /// The entry's bytes; refused when it is larger than `limit` bytes once extracted.
  public func contents(of entry: Entry, limit: Int) throws(ZipError) -> Data {
    guard entry.flags & 1 == 0 else {
      throw ZipError("\(entry.path) is encrypted; extract the archive with its password first")
    }
    guard entry.size <= UInt64(limit) else {
      throw ZipError("\(entry.path) is larger than \(Self.words(limit))")
    }
    let reader = ByteReader(bytes)
    let local = Int(clamping: entry.localHeaderOffset)
    guard local + 30 <= bytes.count, reader.uint32(local) == 0x0403_4B50 else {
      throw ZipError("a damaged archive (\(entry.path) is not where its directory says)")
    }
    let start = local + 30 + Int(reader.uint16(local + 26)) + Int(reader.uint16(local + 28))
    guard entry.compressedSize <= UInt64(bytes.count - min(start, bytes.count)) else {
      throw ZipError("a damaged archive (\(entry.path) is cut short)")
    }
    let first = bytes.startIndex + start
    let stored = bytes[first..<(first + Int(entry.compressedSize))]
    let data: Data
    switch entry.method {
    case 0: data = Data(stored)
    case 8:
      data = try Self.inflate(stored, expected: Int(entry.size), limit: limit, path: entry.path)
    default:
      throw ZipError(
        "\(entry.path) is compressed with method \(entry.method), which shelf cannot read")
    }
    guard data.count == Int(entry.size), Self.crc32(data) == entry.crc else {
      throw ZipError("a damaged archive (\(entry.path) fails its checksum)")
    }
    return data
  }

  // MARK: - Reading the structures

  /// The end of central directory record: searched from the end, over its comment.
  private static func endRecord(_ reader: ByteReader) -> Int? {
    let count = reader.count
    guard count >= 22 else { return nil }
    var position = count - 22
    let lowest = max(0, count - 22 - 0xFFFF)
    while position >= lowest {
      if reader.uint32(position) == 0x0605_4B50 { return position }
      position -= 1
    }
    return nil
  }

  /// The ZIP64 extra field (id 1) holds the 64-bit values of those marked 0xFFFFFFFF, in order.
  private static func readZIP64(
    _ reader: ByteReader, extra: Range<Int>, size: inout UInt64, compressedSize: inout UInt64,
    localOffset: inout UInt64
  ) {
    var position = extra.lowerBound
    while position + 4 <= extra.upperBound {
      let id = reader.uint16(position)
      let length = Int(reader.uint16(position + 2))
      let body = position + 4
      guard body + length <= extra.upperBound else { return }
      if id == 1 {
        var field = body
        if size == 0xFFFF_FFFF, field + 8 <= body + length {
          size = reader.uint64(field)
          field += 8
        }
        if compressedSize == 0xFFFF_FFFF, field + 8 <= body + length {
          compressedSize = reader.uint64(field)
          field += 8
        }
        if localOffset == 0xFFFF_FFFF, field + 8 <= body + length {
          localOffset = reader.uint64(field)
        }
        return
      }
      position = body + length
    }
  }

  private static func inflate(_ input: Data, expected: Int, limit: Int, path: String)
    throws(ZipError) -> Data
  {
    var stream = z_stream()
    guard shelf_inflate_init_raw(&stream) == Z_OK else { throw ZipError("zlib did not start") }
    defer { inflateEnd(&stream) }
    var output = Data(count: min(expected, limit) + 1)
    var produced = 0
    let status: Int32 = input.withUnsafeBytes { (inBytes: UnsafeRawBufferPointer) -> Int32 in
      stream.next_in = UnsafeMutablePointer(
        mutating: inBytes.bindMemory(to: Bytef.self).baseAddress)
      stream.avail_in = uInt(inBytes.count)
      while true {
        if produced == output.count {
          guard output.count <= limit else { return Z_BUF_ERROR }
          output.count = min(output.count * 2, limit + 1)
        }
        let room = output.count - produced
        let result = output.withUnsafeMutableBytes { (outBytes: UnsafeMutableRawBufferPointer) in
          stream.next_out = outBytes.bindMemory(to: Bytef.self).baseAddress! + produced
          stream.avail_out = uInt(room)
          return CZlib.inflate(&stream, Z_NO_FLUSH)
        }
        produced += room - Int(stream.avail_out)
        if result == Z_STREAM_END { return Z_STREAM_END }
        if result != Z_OK { return result }
        if stream.avail_in == 0 && stream.avail_out != 0 { return Z_DATA_ERROR }
      }
    }
    guard status == Z_STREAM_END else {
      if produced > limit { throw ZipError("\(path) is larger than \(Self.words(limit))") }
      throw ZipError("a damaged archive (\(path) does not inflate)")
    }
    output.count = produced
    return output
  }

  /// `256 MiB`, `1000 bytes`.
  static func words(_ size: Int) -> String {
    size >= 1 << 20 && size % (1 << 20) == 0 ? "\(size >> 20) MiB" : "\(size) bytes"
  }

  private static func crc32(_ data: Data) -> UInt32 {
    data.withUnsafeBytes { bytes in
      var crc: uLong = CZlib.crc32(0, nil, 0)
      var offset = 0
      // zlib takes at most 4 GiB at once.
      while offset < bytes.count {
        let length = min(bytes.count - offset, 1 << 30)
        crc = CZlib.crc32(
          crc, bytes.bindMemory(to: Bytef.self).baseAddress! + offset, uInt(length))
        offset += length
      }
      return UInt32(truncatingIfNeeded: crc)
    }
  }
}

/// Why an archive or one of its entries cannot be read, in words.
public struct ZipError: Error, Sendable, CustomStringConvertible {
  public let description: String

  init(_ description: String) {
    self.description = description
  }
}

/// Little-endian integers at byte offsets of `Data`, zero past its end.
private struct ByteReader {
  let data: Data
  let base: Int

  init(_ data: Data) {
    self.data = data
    base = data.startIndex
  }

  var count: Int { data.count }

  func byte(_ offset: Int) -> UInt64 {
    guard offset >= 0, offset < data.count else { return 0 }
    return UInt64(data[base + offset])
  }

  func uint16(_ offset: Int) -> UInt16 {
    UInt16(byte(offset) | byte(offset + 1) << 8)
  }

  func uint32(_ offset: Int) -> UInt32 {
    UInt32(byte(offset) | byte(offset + 1) << 8 | byte(offset + 2) << 16 | byte(offset + 3) << 24)
  }

  func uint64(_ offset: Int) -> UInt64 {
    UInt64(uint32(offset)) | UInt64(uint32(offset + 4)) << 32
  }
}
