import ShelfImages

/// What is left of a picture when its colours are forgotten: each pixel's colour replaced by
/// the order in which that colour first appears, reading row by row from the top left.
///
/// Two pictures have the same shape exactly when one is the other recoloured (each colour
/// swapped for another, distinct colours kept distinct), so a drawing reused in a new palette
/// is caught however its colours were chosen.
struct DrawingShape: Hashable {
  let width: Int
  let height: Int
  /// One entry per pixel, row-major: 0 for the first colour met, 1 for the second, and so on.
  let colourOrder: [Int]

  init(_ image: RGBImage) {
    var firstSeen: [UInt32: Int] = [:]
    var order: [Int] = []
    order.reserveCapacity(image.width * image.height)
    for y in 0..<image.height {
      for x in 0..<image.width {
        let (r, g, b) = image[x, y]
        let colour = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        if let index = firstSeen[colour] {
          order.append(index)
        } else {
          firstSeen[colour] = firstSeen.count
          order.append(firstSeen.count - 1)
        }
      }
    }
    width = image.width
    height = image.height
    colourOrder = order
  }
}
