import Foundation

/// What sync needs to know of the user's data, and the one thing it asks to be done with it:
/// which documents travel, who the people are, and how three versions of a document become
/// one. The data declaration answers all of it (`DeclaredSyncRules`); sync itself knows no
/// datum and never merges a value by a rule of its own.
public protocol SyncRules: Sendable {
  /// The household's documents that travel, by their names in the data directory; the people
  /// document (`peopleDocument`) among them.
  var householdDocuments: [String] { get }
  /// Each person's documents that travel, by their names in the person's directory.
  var personDocuments: [String] { get }
  /// The household document that lists the people (merged before the others).
  var peopleDocument: String { get }
  /// The directory (in the data directory) that holds one directory per person.
  var peopleDirectory: String { get }

  /// The people one version of the people document lists (none when it is absent).
  func people(in document: Data?) throws -> [SyncPerson]

  /// `document` with nothing in it: the version both sides started from when the document is
  /// new since their last sync (then quantities added on both sides add up, as they do to a
  /// document both had).
  func emptyVersion(of document: SyncDocument) throws -> Data

  /// Merges three versions of `document`: `base` is the version both sides started from (nil
  /// when there is none, as when a device joins),
  /// `ours` this device's, `theirs` the other devices'. `household` is the merged people
  /// document, for the people a merge names. A version that cannot be read is an error
  /// `DamagedVersion` naming it.
  func merge(
    _ document: SyncDocument, base: Data?, ours: Data?, theirs: Data?, household: Data?
  ) throws -> SyncMerge

  /// How many changes `ours` made to `base` (versions of `document`): what `merge` with
  /// `base` as the others' version counts as sent, without making the merged document.
  func changes(_ document: SyncDocument, from base: Data?, to ours: Data?, household: Data?)
    throws -> Int

  /// Does what a merged people document, now written, asks of the data directory: moves the
  /// directory of a person renamed on another device, keeps aside the directory of one
  /// removed there (as `profile rm` does). Returns where each kept directory is now, by the
  /// directory's name.
  func settle(dataDirectory: URL) throws -> [String: URL]
}

extension SyncRules {
  public func changes(
    _ document: SyncDocument, from base: Data?, to ours: Data?, household: Data?
  ) throws -> Int {
    try merge(document, base: base, ours: ours, theirs: base, household: household).sent
  }
}

/// A person as one version of the people document lists them.
public struct SyncPerson: Equatable, Sendable {
  /// Their lasting id, the same on every device.
  public var id: String
  /// Ids the same person had on other devices before two households became one.
  public var aliases: [String]
  public var name: String
  /// Their directory in `peopleDirectory` on the device whose version this is (during a
  /// rename, the one the files are still in).
  public var directory: String
  /// A rename's move of their directory is under way (finished by the shell that renamed).
  public var moving: Bool

  public init(
    id: String, aliases: [String] = [], name: String, directory: String, moving: Bool = false
  ) {
    self.id = id
    self.aliases = aliases
    self.name = name
    self.directory = directory
    self.moving = moving
  }

  /// Every id this person goes by.
  public var ids: [String] { [id] + aliases }

  /// The name the repository keeps their documents under: the least of their ids, so that two
  /// devices that know the same ids pick the same one.
  public var folder: String { ids.min() ?? id }
}

/// A document that travels, as sync tells documents apart.
public enum SyncDocument: Hashable, Sendable, CustomStringConvertible {
  /// One of the household's, by its name (`cart.plist`).
  case household(String)
  /// One of a person's, by their lasting id and the document's name (`watched.plist`).
  case person(id: String, name: String)

  public var name: String {
    switch self {
    case .household(let name), .person(_, let name): name
    }
  }

  public var description: String {
    switch self {
    case .household(let name): name
    case .person(let id, let name): "\(name) of person \(id)"
    }
  }
}

/// The merged document, and how many changes each side brought to it (a change is one datum:
/// a favourite, a mark, a cart line, a rating).
public struct SyncMerge: Equatable, Sendable {
  public var document: Data
  /// Changes this device had that the others did not.
  public var sent: Int
  /// Changes the others had that this device did not.
  public var received: Int

  public init(document: Data, sent: Int, received: Int) {
    self.document = document
    self.sent = sent
    self.received = received
  }
}

/// A version of a document that cannot be read, named by its side.
public struct DamagedVersion: Error, Equatable, Sendable {
  public enum Side: Sendable { case base, ours, theirs }
  public var side: Side
  public var reason: String

  public init(side: Side, reason: String) {
    self.side = side
    self.reason = reason
  }
}
