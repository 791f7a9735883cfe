import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a sync runs: who it talks to and how it reports as it goes. The engine prints nothing;
/// the front end decides what to show.
public struct SyncOptions: Sendable {
  /// The process environment (git's `PATH`, ssh agent, credential helpers, proxies).
  public var environment: [String: String]
  /// The name commits are made under: the device's host name.
  public var device: String
  /// A person may be asked (ssh passphrase, credentials); false for a sync in the background,
  /// which must never wait for an answer.
  public var interactive: Bool
  /// Progress of a sync past its first second, one line at a time (`sync: receiving… 40%`).
  public var progress: @Sendable (String) -> Void
  /// git's own messages (`sync --verbose`), without credentials.
  public var verbose: (@Sendable (String) -> Void)?
  /// True once the user asked to stop (Ctrl-C).
  public var interrupted: @Sendable () -> Bool
  public var now: @Sendable () -> Date

  public init(
    environment: [String: String], device: String = SyncOptions.hostName(),
    interactive: Bool = false, progress: @escaping @Sendable (String) -> Void = { _ in },
    verbose: (@Sendable (String) -> Void)? = nil,
    interrupted: @escaping @Sendable () -> Bool = { false },
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.environment = environment
    self.device = device
    self.interactive = interactive
    self.progress = progress
    self.verbose = verbose
    self.interrupted = interrupted
    self.now = now
  }

  /// This machine's host name (`gethostname`), else `device`.
  public static func hostName() -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return "device" }
    let name = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let safe = name.filter { $0.isLetter || $0.isNumber || "-._".contains($0) }
    return safe.isEmpty ? "device" : safe
  }

  /// The `git` on the environment's `PATH`; nil when there is none.
  func gitExecutable() -> String? {
    let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: ":") where !directory.isEmpty {
      let candidate = "\(directory)/git"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }
}

/// The progress line of one sync: nothing during its first second, then the step it is at,
/// with git's own percentage while git sends or receives.
final class SyncProgress {
  private let show: @Sendable (String) -> Void
  private let started = ProcessInfo.processInfo.systemUptime
  private var step = ""

  init(show: @escaping @Sendable (String) -> Void) {
    self.show = show
  }

  func enter(_ step: String) {
    self.step = step
    update(detail: "")
  }

  /// Called while git runs with what it wrote so far; shows its last percentage.
  func tick(gitOutput: String) {
    let last = gitOutput.split(whereSeparator: { $0 == "\r" || $0 == "\n" }).last ?? ""
    let percent = last.split(separator: " ").first {
      $0.hasSuffix("%") && $0.dropLast().allSatisfy(\.isNumber)
    }
    update(detail: percent.map { " \($0)" } ?? "")
  }

  private func update(detail: String) {
    guard !step.isEmpty, ProcessInfo.processInfo.systemUptime - started >= 1 else { return }
    show("sync: \(step)…\(detail)")
  }
}
