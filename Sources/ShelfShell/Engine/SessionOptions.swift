import Foundation
import ShelfFiles

/// Choices made once at start-up.
public struct SessionOptions: Sendable {
  /// A person at a terminal can be asked questions.
  public var interactive: Bool
  /// `--yes`: confirmations are answered yes.
  public var assumeYes: Bool
  /// Pictures are drawn (a colour terminal): posters are fetched into the cache for that.
  public var drawsImages: Bool
  /// Navigation is saved as the place to resume at (not by scripts, unless `--resume`).
  public var remembersPosition: Bool
  /// How reports are written at start (`--format`, `--json`); `format NAME` changes it.
  public var format: OutputFormat
  /// What `~` in a file path means: `$HOME`.
  public var homeDirectory: String
  /// Lists written with their titles, header rows and footers (`--no-header`: not).
  public var headers: Bool
  /// Standard error is a terminal: progress lines are rewritten in place there (a sync's),
  /// and left out elsewhere (cron's mail).
  public var terminalProgress: Bool
  /// `sync = auto` in the config: sessions sync when they start and end.
  public var syncsAutomatically: Bool

  public init(
    interactive: Bool, assumeYes: Bool = false, drawsImages: Bool = false,
    remembersPosition: Bool = true, format: OutputFormat = .table,
    homeDirectory: String = HomePath.directory(environment: ProcessInfo.processInfo.environment),
    headers: Bool = true, terminalProgress: Bool = false, syncsAutomatically: Bool = true
  ) {
    self.headers = headers
    self.interactive = interactive
    self.assumeYes = assumeYes
    self.drawsImages = drawsImages
    self.remembersPosition = remembersPosition
    self.format = format
    self.homeDirectory = homeDirectory
    self.terminalProgress = terminalProgress
    self.syncsAutomatically = syncsAutomatically
  }
}
