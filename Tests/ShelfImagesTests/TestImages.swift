import CPNG
import CTurboJPEG
import Foundation
import ShelfImages
import XCTest

/// Builders for small test images whose pixels the tests know, and encoders that turn
/// them into PNG (libpng simplified write API) and JPEG (TurboJPEG) bytes.
enum TestImages {
  typealias Pixel = (r: UInt8, g: UInt8, b: UInt8)

  static let red: Pixel = (255, 0, 0)
  static let green: Pixel = (0, 255, 0)
  static let blue: Pixel = (0, 0, 255)
  static let white: Pixel = (255, 255, 255)
  static let black: Pixel = (0, 0, 0)

  /// An image whose pixel (x, y) is `color(x, y)`.
  static func image(width: Int, height: Int, _ color: (Int, Int) -> Pixel) -> RGBImage {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height * 3)
    for y in 0..<height {
      for x in 0..<width {
        let pixel = color(x, y)
        pixels += [pixel.r, pixel.g, pixel.b]
      }
    }
    return RGBImage(width: width, height: height, pixels: pixels)
  }

  /// A `size` x `size` image split into four solid quadrants: red, green / blue, white.
  static func quadrants(size: Int) -> RGBImage {
    image(width: size, height: size) { x, y in
      switch (x < size / 2, y < size / 2) {
      case (true, true): return red
      case (false, true): return green
      case (true, false): return blue
      case (false, false): return white
      }
    }
  }

  /// A smooth gradient, handy as a stand-in for a photo or poster.
  static func gradient(width: Int, height: Int) -> RGBImage {
    image(width: width, height: height) { x, y in
      (UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), 128)
    }
  }

  // MARK: - PNG

  static func png(_ image: RGBImage) throws -> Data {
    try png(
      bytes: image.pixels, width: image.width, height: image.height,
      format: png_uint_32(PNG_FORMAT_RGB), channels: 3)
  }

  /// RGBA bytes, 4 per pixel, straight (not premultiplied) alpha.
  static func png(rgba: [UInt8], width: Int, height: Int) throws -> Data {
    try png(
      bytes: rgba, width: width, height: height,
      format: png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA),
      channels: 4)
  }

  /// 8-bit greyscale, one byte per pixel.
  static func png(gray: [UInt8], width: Int, height: Int) throws -> Data {
    try png(
      bytes: gray, width: width, height: height, format: png_uint_32(PNG_FORMAT_GRAY),
      channels: 1)
  }

  private static func png(
    bytes: [UInt8], width: Int, height: Int, format: png_uint_32, channels: Int
  ) throws -> Data {
    var image = png_image()
    image.version = png_uint_32(PNG_IMAGE_VERSION)
    image.width = png_uint_32(width)
    image.height = png_uint_32(height)
    image.format = format
    defer { png_image_free(&image) }
    let stride = png_int_32(width * channels)

    var size = 0
    guard png_image_write_to_memory(&image, nil, &size, 0, bytes, stride, nil) != 0 else {
      throw TestFailure("png_image_write_to_memory (size) failed")
    }
    var output = [UInt8](repeating: 0, count: size)
    let ok = output.withUnsafeMutableBytes { buffer in
      png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, bytes, stride, nil)
    }
    guard ok != 0 else { throw TestFailure("png_image_write_to_memory failed") }
    return Data(output.prefix(size))
  }

  /// The PNG with its IHDR width and height replaced (and the chunk CRC fixed up), to
  /// fake a huge image without allocating one.
  static func png(_ data: Data, patchingDimensionsTo width: UInt32, _ height: UInt32) -> Data {
    var bytes = [UInt8](data)
    // 8-byte signature, 4-byte length, "IHDR", then width and height.
    precondition(Array(bytes[12..<16]) == Array("IHDR".utf8))
    write(width, into: &bytes, at: 16)
    write(height, into: &bytes, at: 20)
    write(crc32(bytes[12..<29]), into: &bytes, at: 29)
    return Data(bytes)
  }

  private static func write(_ value: UInt32, into bytes: inout [UInt8], at offset: Int) {
    bytes[offset] = UInt8(value >> 24)
    bytes[offset + 1] = UInt8(value >> 16 & 0xFF)
    bytes[offset + 2] = UInt8(value >> 8 & 0xFF)
    bytes[offset + 3] = UInt8(value & 0xFF)
  }

  static func crc32<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 {
        crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
      }
    }
    return ~crc
  }

  // MARK: - JPEG

  /// JPEG, 4:4:4 chroma (no subsampling) by default so solid 8x8 blocks stay exact-ish;
  /// baseline unless `progressive`.
  static func jpeg(
    _ image: RGBImage, quality: Int32 = 100, subsampling: TJSAMP = TJSAMP_444,
    progressive: Bool = false
  ) throws -> Data {
    guard let handle = tjInitCompress() else { throw TestFailure("tjInitCompress failed") }
    defer { tjDestroy(handle) }
    var output: UnsafeMutablePointer<UInt8>? = nil
    var size: UInt = 0
    let status = image.pixels.withUnsafeBufferPointer { input in
      tjCompress2(
        handle, input.baseAddress, Int32(image.width), Int32(image.width * 3),
        Int32(image.height), Int32(TJPF_RGB.rawValue), &output, &size,
        Int32(subsampling.rawValue), quality, progressive ? Int32(TJFLAG_PROGRESSIVE) : 0)
    }
    defer { tjFree(output) }
    guard status == 0, let output else {
      throw TestFailure("tjCompress2 failed: \(String(cString: tjGetErrorStr2(handle)))")
    }
    return Data(bytes: output, count: Int(size))
  }

  /// The JPEG with the baseline SOF0 frame header's dimensions replaced.
  static func jpeg(_ data: Data, patchingDimensionsTo width: UInt16, _ height: UInt16) throws
    -> Data
  {
    var bytes = [UInt8](data)
    guard
      let sof = (0..<bytes.count - 1).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
    else { throw TestFailure("no SOF0 marker") }
    // FF C0, length (2), precision (1), height (2), width (2).
    bytes[sof + 5] = UInt8(height >> 8)
    bytes[sof + 6] = UInt8(height & 0xFF)
    bytes[sof + 7] = UInt8(width >> 8)
    bytes[sof + 8] = UInt8(width & 0xFF)
    return Data(bytes)
  }

  // MARK: - Assertions

  static func assertPixel(
    _ image: RGBImage, _ x: Int, _ y: Int, equals expected: Pixel, tolerance: Int = 0,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    let actual = image[x, y]
    let delta = max(
      abs(Int(actual.r) - Int(expected.r)), abs(Int(actual.g) - Int(expected.g)),
      abs(Int(actual.b) - Int(expected.b)))
    XCTAssertLessThanOrEqual(
      delta, tolerance, "pixel (\(x), \(y)) is \(actual), expected \(expected)", file: file,
      line: line)
  }
}

struct TestFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
