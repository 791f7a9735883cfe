import Foundation

/// What a sync did: the changes it sent and received (a change is one datum), and what the
/// user should know (a person removed on another device and where their files are kept, a
/// damaged document that was replaced).
public struct SyncReport: Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    /// `sync init`: this device started the household at the remote.
    case started
    /// `sync join`: this device joined the household at the remote.
    case joined
    case synced
  }

  public var kind: Kind
  /// The remote, without credentials.
  public var remote: String
  public var sent: Int
  public var received: Int
  public var notes: [String]

  public init(kind: Kind, remote: String, sent: Int = 0, received: Int = 0, notes: [String] = []) {
    self.kind = kind
    self.remote = remote
    self.sent = sent
    self.received = received
    self.notes = notes
  }
}

/// `sync status`: where the household is, when this device last synced, what waits to be sent.
public struct SyncStatus: Equatable, Sendable {
  /// The remote without credentials; nil when this data directory does not sync.
  public var remote: String?
  public var device: String
  public var lastSync: Date?
  /// Changes made here that the remote did not have at the last sync; nil when not syncing.
  public var waiting: Int?

  public init(remote: String?, device: String, lastSync: Date?, waiting: Int?) {
    self.remote = remote
    self.device = device
    self.lastSync = lastSync
    self.waiting = waiting
  }
}

/// `sync off`: the remote this data directory synced with, and the changes never sent.
public struct SyncStop: Equatable, Sendable {
  public var remote: String
  public var unsent: Int

  public init(remote: String, unsent: Int) {
    self.remote = remote
    self.unsent = unsent
  }
}
