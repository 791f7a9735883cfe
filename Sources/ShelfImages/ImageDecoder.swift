import CPNG
import CTurboJPEG
import Foundation

/// Decodes PNG and JPEG data into an ``RGBImage``.
///
/// The format is chosen from the magic bytes, never from a file name. Input is treated as
/// untrusted: malformed, truncated or empty data throws ``ImageError`` instead of crashing,
/// and images whose header announces more than ``maximumDimension`` pixels in either
/// direction are refused before any pixel buffer is allocated.
///
/// PNG goes through libpng's simplified API (which handles libpng's longjmp-based error
/// reporting internally); transparency is composited onto white. JPEG goes through the
/// TurboJPEG API. JPEG decoder *warnings* (for example a truncated scan that libjpeg would
/// pad with grey) are treated as errors, so a half-downloaded poster is reported rather
/// than drawn with a grey band.
public enum ImageDecoder {
  /// Largest accepted width or height, in pixels (8000x8000 RGB is 192 MB).
  public static let maximumDimension = 8000
  /// Largest file ``decode(contentsOf:)`` reads, in bytes.
  public static let maximumFileSize = 256 * 1024 * 1024

  private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  private static let jpegSignature: [UInt8] = [0xFF, 0xD8, 0xFF]

  /// Decodes PNG or JPEG bytes.
  public static func decode(_ data: Data) throws -> RGBImage {
    if data.starts(with: pngSignature) {
      return try decodePNG(data)
    }
    if data.starts(with: jpegSignature) {
      return try decodeJPEG(data)
    }
    throw ImageError.unsupportedFormat
  }

  /// Reads a local file and decodes it. Only `file:` URLs are accepted.
  public static func decode(contentsOf url: URL) throws -> RGBImage {
    guard url.isFileURL else {
      throw ImageError.unreadable("\(url.absoluteString) is not a local file")
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      throw ImageError.unreadable("\(url.path): no such file")
    }
    guard !isDirectory.boolValue else {
      throw ImageError.unreadable("\(url.path): is a directory")
    }
    let data: Data
    do {
      let handle = try FileHandle(forReadingFrom: url)
      defer { try? handle.close() }
      data = try handle.read(upToCount: maximumFileSize + 1) ?? Data()
    } catch {
      throw ImageError.unreadable("\(url.path): \(error.localizedDescription)")
    }
    guard data.count <= maximumFileSize else {
      throw ImageError(
        kind: .tooLarge,
        description: "image too large (file over \(maximumFileSize / (1024 * 1024)) MB)")
    }
    return try decode(data)
  }

  // MARK: - PNG

  private static func decodePNG(_ data: Data) throws -> RGBImage {
    var image = png_image()
    image.version = png_uint_32(PNG_IMAGE_VERSION)
    image.opaque = nil
    defer { png_image_free(&image) }

    // libpng keeps a pointer to the input between begin_read and finish_read, so both
    // calls must happen while the bytes are pinned.
    return try data.withUnsafeBytes { (input: UnsafeRawBufferPointer) throws -> RGBImage in
      guard let base = input.baseAddress else { throw ImageError.corruptPNG("empty data") }
      guard png_image_begin_read_from_memory(&image, base, input.count) != 0 else {
        throw ImageError.corruptPNG(message(of: image))
      }
      let width = Int(image.width)
      let height = Int(image.height)
      try checkDimensions(width: width, height: height)

      image.format = png_uint_32(PNG_FORMAT_RGB)
      var pixels = [UInt8](repeating: 0, count: width * height * 3)
      var background = png_color(red: 255, green: 255, blue: 255)
      let finished = pixels.withUnsafeMutableBytes { buffer in
        png_image_finish_read(&image, &background, buffer.baseAddress, png_int_32(width * 3), nil)
      }
      guard finished != 0, image.warning_or_error & 0x03 <= 1 else {
        throw ImageError.corruptPNG(message(of: image))
      }
      return RGBImage(width: width, height: height, pixels: pixels)
    }
  }

  /// The NUL-terminated `message` field of a `png_image`, decoded leniently.
  private static func message(of image: png_image) -> String {
    withUnsafeBytes(of: image.message) { raw in
      let bytes = raw.prefix { $0 != 0 }
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  // MARK: - JPEG

  private static func decodeJPEG(_ data: Data) throws -> RGBImage {
    guard let handle = tjInitDecompress() else {
      throw ImageError.corruptJPEG("cannot create a TurboJPEG decompressor")
    }
    defer { tjDestroy(handle) }

    return try data.withUnsafeBytes { (input: UnsafeRawBufferPointer) throws -> RGBImage in
      let bytes = input.bindMemory(to: UInt8.self)
      guard let base = bytes.baseAddress else { throw ImageError.corruptJPEG("empty data") }
      let size = UInt(bytes.count)

      var width: Int32 = 0
      var height: Int32 = 0
      var subsampling: Int32 = 0
      var colorspace: Int32 = 0
      guard
        tjDecompressHeader3(handle, base, size, &width, &height, &subsampling, &colorspace) == 0
      else {
        throw ImageError.corruptJPEG(errorMessage(handle))
      }
      guard width > 0, height > 0 else {
        throw ImageError.corruptJPEG("invalid dimensions \(width)x\(height)")
      }
      try checkDimensions(width: Int(width), height: Int(height))

      var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 3)
      // STOPONWARNING: truncated or damaged data fails fast instead of decoding grey.
      // LIMITSCANS: refuse progressive JPEGs with absurd scan counts (CPU exhaustion).
      let flags = Int32(TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS)
      let status = pixels.withUnsafeMutableBufferPointer { output in
        tjDecompress2(
          handle, base, size, output.baseAddress, width, width * 3, height,
          Int32(TJPF_RGB.rawValue), flags)
      }
      guard status == 0 else {
        throw ImageError.corruptJPEG(errorMessage(handle))
      }
      return RGBImage(width: Int(width), height: Int(height), pixels: pixels)
    }
  }

  private static func errorMessage(_ handle: tjhandle) -> String {
    guard let text = tjGetErrorStr2(handle) else { return "unknown error" }
    return String(cString: text)
  }

  // MARK: - Limits

  private static func checkDimensions(width: Int, height: Int) throws {
    guard width <= maximumDimension, height <= maximumDimension else {
      throw ImageError.tooLarge(width: width, height: height, limit: maximumDimension)
    }
  }
}
