import Foundation

/// How much the fuzz tests do: a fixed seed, and a short run by default so that `swift test`
/// stays quick. CI runs them again with `SHELF_FUZZ_LINES=10000 SHELF_FUZZ_DOCUMENTS=1000`
/// (`.ci/run`), and `tools/fuzz` sets `SHELF_FUZZ_SEED`, `SHELF_FUZZ_LINES` and
/// `SHELF_FUZZ_DOCUMENTS` for a longer run.
public struct FuzzSettings: Sendable {
  public static let defaultSeed: UInt64 = 20_261_123
  public static let defaultLines = 500
  public static let defaultDocuments = 50

  public let seed: UInt64
  /// Command lines run through one session.
  public let lines: Int
  /// Damaged documents of each file format.
  public let documents: Int

  public init(seed: UInt64, lines: Int, documents: Int) {
    self.seed = seed
    self.lines = lines
    self.documents = documents
  }

  /// The settings from the environment; a variable that is not a number is ignored.
  public static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> FuzzSettings {
    FuzzSettings(
      seed: environment["SHELF_FUZZ_SEED"].flatMap { UInt64($0) } ?? defaultSeed,
      lines: environment["SHELF_FUZZ_LINES"].flatMap { Int($0) }.map { max(0, $0) }
        ?? defaultLines,
      documents: environment["SHELF_FUZZ_DOCUMENTS"].flatMap { Int($0) }.map { max(0, $0) }
        ?? defaultDocuments)
  }

  /// A generator for one part of the run, so that parts do not shift each other's inputs.
  public func generator(for part: String) -> SplitMix64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in part.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return SplitMix64(seed: seed ^ hash)
  }

  /// How to run this part again, for failure messages.
  public var reproduction: String {
    "tools/fuzz --seed \(seed) --lines \(lines) --documents \(documents)"
  }
}
