/// An 8-bit RGB raster: `width * height` pixels, row-major, 3 bytes (R, G, B) per pixel,
/// no padding between rows.
///
/// A zero-sized image (width or height 0, no pixels) is allowed; it renders as no lines.
public struct RGBImage: Equatable, Sendable {
  public let width: Int
  public let height: Int
  /// RGB bytes, row-major, 3 bytes per pixel: pixel (x, y) starts at `(y * width + x) * 3`.
  public let pixels: [UInt8]

  /// Creates an image from packed RGB bytes.
  ///
  /// - Precondition: `width >= 0`, `height >= 0` and `pixels.count == width * height * 3`.
  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width >= 0 && height >= 0, "RGBImage dimensions must not be negative")
    let (area, areaOverflow) = width.multipliedReportingOverflow(by: height)
    let (count, countOverflow) = area.multipliedReportingOverflow(by: 3)
    precondition(
      !areaOverflow && !countOverflow && pixels.count == count,
      "RGBImage needs width * height * 3 pixel bytes")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The colour of the pixel at column `x`, row `y` (0-based, origin top left).
  ///
  /// - Precondition: `0 <= x < width` and `0 <= y < height`.
  public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
    precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) out of bounds")
    let offset = (y * width + x) * 3
    return (pixels[offset], pixels[offset + 1], pixels[offset + 2])
  }
}
