/// The checksum of an index file's blocks and header: four lanes of multiply-and-mix over
/// eight bytes at a time (any change of one word changes its lane, and the lanes are mixed
/// with the length at the end), fast enough to check a block as it is first read.
enum BlockChecksum {
  private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

  static func of(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
    var lanes: (UInt64, UInt64, UInt64, UInt64) = (
      seed ^ 0x243F_6A88_85A3_08D3, seed ^ 0x1319_8A2E_0370_7344, seed ^ 0xA409_3822_299F_31D0,
      seed ^ 0x082E_FA98_EC4E_6C89
    )
    var index = 0
    let count = bytes.count
    while index + 32 <= count {
      lanes.0 = mix(lanes.0, bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      lanes.1 = mix(lanes.1, bytes.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self))
      lanes.2 = mix(lanes.2, bytes.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self))
      lanes.3 = mix(lanes.3, bytes.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self))
      index += 32
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while index < count {
      tail |= UInt64(bytes[index]) << shift
      shift += 8
      if shift == 64 {
        lanes.0 = mix(lanes.0, tail)
        tail = 0
        shift = 0
      }
      index += 1
    }
    var hash = mix(lanes.0 ^ UInt64(count), tail)
    hash = mix(hash, lanes.1)
    hash = mix(hash, lanes.2)
    hash = mix(hash, lanes.3)
    return hash ^ (hash >> 31)
  }

  @inline(__always)
  private static func mix(_ lane: UInt64, _ word: UInt64) -> UInt64 {
    let product = (lane ^ word) &* multiplier
    return product ^ (product >> 29)
  }
}
