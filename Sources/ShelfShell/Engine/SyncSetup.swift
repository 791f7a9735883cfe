import Foundation
import ShelfSync

/// What `sync` needs besides the data directory: the data declaration's rules, the process
/// environment git runs with (its `PATH`, the ssh agent, credential helpers, proxies) and the
/// name this device's commits are made under.
public struct SyncSetup: Sendable {
  public var rules: any SyncRules
  public var environment: [String: String]
  public var device: String

  public init(
    rules: any SyncRules = DeclaredSyncRules(),
    environment: [String: String] = ProcessInfo.processInfo.environment,
    device: String = SyncOptions.hostName()
  ) {
    self.rules = rules
    self.environment = environment
    self.device = device
  }

  /// The engine for the data directory `directory`.
  public func engine(for directory: URL, options: (inout SyncOptions) -> Void = { _ in })
    -> SyncEngine
  {
    var settings = SyncOptions(environment: environment, device: device)
    options(&settings)
    return SyncEngine(dataDirectory: directory, rules: rules, options: settings)
  }
}
