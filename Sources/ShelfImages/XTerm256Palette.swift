/// The fixed part of the xterm 256-colour palette: the 6x6x6 colour cube (indices 16-231)
/// and the 24-step grey ramp (232-255).
///
/// Indices 0-15 are deliberately never chosen: terminal themes redefine them, so they
/// would not show the intended colour.
public enum XTerm256Palette {
  /// Channel levels of the colour cube, index 0...5.
  static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

  /// The palette index (16...255) whose colour is nearest to the given one, by squared
  /// Euclidean distance in RGB. The nearest cube colour and the nearest grey are compared
  /// and the closer one wins (the cube on a tie).
  public static func nearestIndex(r: UInt8, g: UInt8, b: UInt8) -> UInt8 {
    let red = Int(r)
    let green = Int(g)
    let blue = Int(b)

    let ri = nearestCubeLevel(red)
    let gi = nearestCubeLevel(green)
    let bi = nearestCubeLevel(blue)
    let cubeDistance = distance(
      red, green, blue, cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])
    let cubeIndex = 16 + 36 * ri + 6 * gi + bi

    // Grey ramp: 8, 18, ..., 238. Aim at the mean and check the neighbours.
    let mean = (red + green + blue) / 3
    let approximate = min(23, max(0, (mean - 3) / 10))
    var greyStep = approximate
    var greyDistance = Int.max
    for step in max(0, approximate - 1)...min(23, approximate + 1) {
      let level = 8 + 10 * step
      let d = distance(red, green, blue, level, level, level)
      if d < greyDistance {
        greyDistance = d
        greyStep = step
      }
    }
    return greyDistance < cubeDistance ? UInt8(232 + greyStep) : UInt8(cubeIndex)
  }

  /// The RGB value xterm uses for a palette index in 16...255, or nil for 0...15 (theme
  /// colours).
  public static func color(forIndex index: UInt8) -> (r: UInt8, g: UInt8, b: UInt8)? {
    switch index {
    case 16...231:
      let cube = Int(index) - 16
      return (
        UInt8(cubeLevels[cube / 36]), UInt8(cubeLevels[(cube / 6) % 6]),
        UInt8(cubeLevels[cube % 6])
      )
    case 232...255:
      let level = UInt8(8 + 10 * (Int(index) - 232))
      return (level, level, level)
    default:
      return nil
    }
  }

  private static func nearestCubeLevel(_ value: Int) -> Int {
    var best = 0
    for (index, level) in cubeLevels.enumerated()
    where abs(level - value) < abs(cubeLevels[best] - value) {
      best = index
    }
    return best
  }

  private static func distance(_ r1: Int, _ g1: Int, _ b1: Int, _ r2: Int, _ g2: Int, _ b2: Int)
    -> Int
  {
    let dr = r1 - r2
    let dg = g1 - g2
    let db = b1 - b2
    return dr * dr + dg * dg + db * db
  }
}
