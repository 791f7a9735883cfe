import Foundation

/// One-call helper: decode an image, fit it into a block of terminal cells and render it
/// with ``HalfBlockRenderer``.
///
/// A cell holds one pixel across and two down, so the pixel budget is `maxColumns` x
/// `maxRows * 2`. Images that fit are drawn one pixel per half cell (a 32x32 icon becomes
/// 32 columns x 16 rows); larger ones are area-averaged down, keeping the aspect ratio.
/// Images are never enlarged unless `allowUpscale` is set, in which case tiny images grow
/// by an integer factor with nearest neighbour.
public struct TerminalImage {
  /// Lines for the image file at `url` (one string per terminal row, each ending in
  /// `ESC[0m`). Throws ``ImageError`` when the file cannot be read or decoded; returns no
  /// lines when `maxColumns` or `maxRows` is not positive.
  public static func lines(
    for url: URL, maxColumns: Int, maxRows: Int, palette: HalfBlockRenderer.Palette,
    allowUpscale: Bool = false
  ) throws -> [String] {
    guard maxColumns > 0, maxRows > 0 else { return [] }
    return lines(
      for: try ImageDecoder.decode(contentsOf: url), maxColumns: maxColumns, maxRows: maxRows,
      palette: palette, allowUpscale: allowUpscale)
  }

  /// Same as the `URL` variant, for image bytes already in memory (for example a
  /// downloaded poster).
  public static func lines(
    for data: Data, maxColumns: Int, maxRows: Int, palette: HalfBlockRenderer.Palette,
    allowUpscale: Bool = false
  ) throws -> [String] {
    guard maxColumns > 0, maxRows > 0 else { return [] }
    return lines(
      for: try ImageDecoder.decode(data), maxColumns: maxColumns, maxRows: maxRows,
      palette: palette, allowUpscale: allowUpscale)
  }

  /// Fits an already decoded image and renders it.
  public static func lines(
    for image: RGBImage, maxColumns: Int, maxRows: Int, palette: HalfBlockRenderer.Palette,
    allowUpscale: Bool = false
  ) -> [String] {
    guard maxColumns > 0, maxRows > 0 else { return [] }
    let (pixelRows, overflow) = maxRows.multipliedReportingOverflow(by: 2)
    let fitted = image.scaled(
      toFit: maxColumns, maxHeight: overflow ? Int.max : pixelRows, allowUpscale: allowUpscale)
    return HalfBlockRenderer(palette: palette).render(fitted)
  }
}
