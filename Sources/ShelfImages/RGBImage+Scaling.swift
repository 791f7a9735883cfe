extension RGBImage {
  /// Returns the image resized to fit inside `maxWidth` x `maxHeight` pixels, keeping the
  /// aspect ratio.
  ///
  /// - Downscaling uses exact area averaging (a box filter with fractional coverage): each
  ///   output pixel is the mean of the source area it covers, computed with integer
  ///   weights, so shrinking by an integer factor averages whole blocks exactly.
  /// - An image that already fits is returned unchanged: it is never enlarged by a
  ///   fractional factor, which would only blur it.
  /// - With `allowUpscale`, an image that fits at least twice over is enlarged by the
  ///   largest integer factor that still fits, using nearest neighbour, so pixel art and
  ///   tiny icons stay crisp.
  ///
  /// A non-positive bound yields an empty (0x0) image.
  public func scaled(toFit maxWidth: Int, maxHeight: Int, allowUpscale: Bool = false) -> RGBImage {
    guard maxWidth > 0, maxHeight > 0 else { return RGBImage(width: 0, height: 0, pixels: []) }
    guard width > 0, height > 0 else { return self }

    if width <= maxWidth && height <= maxHeight {
      let factor = min(maxWidth / width, maxHeight / height)
      return allowUpscale && factor >= 2 ? upscaled(by: factor) : self
    }

    // Pick the limiting side and derive the other from the aspect ratio (rounded,
    // clamped to [1, bound]). Capping the bounds at the image size changes nothing here
    // (one side is over its bound) and keeps the products below from overflowing.
    let maxWidth = Swift.min(maxWidth, width)
    let maxHeight = Swift.min(maxHeight, height)
    let targetWidth: Int
    let targetHeight: Int
    if width * maxHeight >= height * maxWidth {
      targetWidth = maxWidth
      targetHeight = Self.clamp((height * maxWidth + width / 2) / width, upTo: maxHeight)
    } else {
      targetHeight = maxHeight
      targetWidth = Self.clamp((width * maxHeight + height / 2) / height, upTo: maxWidth)
    }
    return areaAveraged(toWidth: targetWidth, height: targetHeight)
  }

  private static func clamp(_ value: Int, upTo bound: Int) -> Int {
    Swift.max(1, Swift.min(bound, value))
  }

  /// Nearest-neighbour enlargement by an integer factor.
  private func upscaled(by factor: Int) -> RGBImage {
    let newWidth = width * factor
    let newHeight = height * factor
    var output = [UInt8]()
    output.reserveCapacity(newWidth * newHeight * 3)
    var row = [UInt8]()
    row.reserveCapacity(newWidth * 3)
    for y in 0..<height {
      row.removeAll(keepingCapacity: true)
      let rowStart = y * width * 3
      for x in 0..<width {
        let offset = rowStart + x * 3
        for _ in 0..<factor {
          row.append(pixels[offset])
          row.append(pixels[offset + 1])
          row.append(pixels[offset + 2])
        }
      }
      for _ in 0..<factor {
        output.append(contentsOf: row)
      }
    }
    return RGBImage(width: newWidth, height: newHeight, pixels: output)
  }

  /// One output sample's coverage of the source axis: integer weights that sum to the
  /// source length.
  private struct Span {
    var first: Int
    var weights: [Int]
  }

  /// Coverage of a source axis of `source` pixels by `target` output pixels (target <=
  /// source). Measured in units of 1/target source pixels, source pixel j spans
  /// [j*target, (j+1)*target) and output pixel i spans [i*source, (i+1)*source), so every
  /// weight is an exact integer and each output's weights sum to `source`.
  private static func spans(source: Int, target: Int) -> [Span] {
    (0..<target).map { i in
      let start = i * source
      let end = start + source
      let first = start / target
      let last = (end - 1) / target
      let weights = (first...last).map { j in
        Swift.min(end, (j + 1) * target) - Swift.max(start, j * target)
      }
      return Span(first: first, weights: weights)
    }
  }

  private func areaAveraged(toWidth newWidth: Int, height newHeight: Int) -> RGBImage {
    let columns = Self.spans(source: width, target: newWidth)
    let rows = Self.spans(source: height, target: newHeight)

    // Horizontal pass: weighted sums (not yet divided) for every source row.
    var horizontal = [Int](repeating: 0, count: newWidth * height * 3)
    for y in 0..<height {
      let sourceRow = y * width * 3
      let outputRow = y * newWidth * 3
      for (x, span) in columns.enumerated() {
        var r = 0
        var g = 0
        var b = 0
        for (k, weight) in span.weights.enumerated() {
          let offset = sourceRow + (span.first + k) * 3
          r += Int(pixels[offset]) * weight
          g += Int(pixels[offset + 1]) * weight
          b += Int(pixels[offset + 2]) * weight
        }
        let o = outputRow + x * 3
        horizontal[o] = r
        horizontal[o + 1] = g
        horizontal[o + 2] = b
      }
    }

    // Vertical pass, then one rounded division by the total weight.
    let total = width * height
    var output = [UInt8](repeating: 0, count: newWidth * newHeight * 3)
    for (y, span) in rows.enumerated() {
      for x in 0..<newWidth {
        var r = 0
        var g = 0
        var b = 0
        for (k, weight) in span.weights.enumerated() {
          let offset = ((span.first + k) * newWidth + x) * 3
          r += horizontal[offset] * weight
          g += horizontal[offset + 1] * weight
          b += horizontal[offset + 2] * weight
        }
        let o = (y * newWidth + x) * 3
        output[o] = UInt8((r + total / 2) / total)
        output[o + 1] = UInt8((g + total / 2) / total)
        output[o + 2] = UInt8((b + total / 2) / total)
      }
    }
    return RGBImage(width: newWidth, height: newHeight, pixels: output)
  }
}
