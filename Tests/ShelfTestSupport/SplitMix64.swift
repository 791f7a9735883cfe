/// A tiny seeded generator (Steele, Lea and Flood's SplitMix64) so that the fuzz-style tests
/// are reproducible: the same seed gives the same inputs on every machine.
public struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// True with probability `percent` in 100.
  public mutating func chance(_ percent: Int) -> Bool {
    Int.random(in: 0..<100, using: &self) < percent
  }

  /// One of `choices` (which must not be empty).
  public mutating func pick<Element>(_ choices: [Element]) -> Element {
    choices[Int.random(in: 0..<choices.count, using: &self)]
  }
}
