import Foundation
import ShelfFiles

/// Why a sync did not finish, as one line naming the cause. Remote addresses are shown without
/// their credentials, and text from git has been passed through `RemoteAddress.redact`.
public enum SyncError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `sync`, `sync status` or `sync off` in a data directory that does not sync.
  case notSyncing
  /// `sync init` or `sync join` in a data directory that syncs already.
  case alreadySyncing(remote: String)
  /// No `git` on the PATH.
  case gitMissing
  case cannotStartGit(String)
  /// The remote could not be reached, or refused us (git's reason).
  case unreachable(remote: String, reason: String)
  /// The remote holds a repository that is not a shelf household.
  case notAHousehold(remote: String)
  /// `sync join` on a remote with nothing in it yet.
  case noHousehold(remote: String)
  /// `sync init` on a remote that holds a household already.
  case householdThere(remote: String)
  /// The household was synced by a newer shelf.
  case newerHousehold(remote: String, format: Int)
  /// The remote refused the changes for a reason other than another device's (a hook, rights).
  case pushRefused(remote: String, reason: String)
  /// Other devices kept sending changes while this one tried to merge them.
  case keptChanging(attempts: Int)
  /// A local file could not be read or written (a full disk, rights).
  case file(FileError)
  /// git failed at something that is not about the remote.
  case git(action: String, reason: String)
  /// Another sync of this data directory is running.
  case busy
  /// Ctrl-C.
  case interrupted
  /// A document could not be merged (the merge rules refused it).
  case merge(document: String, reason: String)

  public var description: String {
    switch self {
    case .notSyncing:
      "this data directory does not sync; \"sync init REMOTE\" makes it the household's first"
        + " device, \"sync join REMOTE\" joins a household"
    case .alreadySyncing(let remote):
      "this data directory syncs with \(remote) already (\"sync off\" stops that)"
    case .gitMissing: "sync needs git, which is not on the PATH (install the git package)"
    case .cannotStartGit(let reason): "cannot run git: \(reason)"
    case .unreachable(let remote, let reason): "cannot reach \(remote): \(reason)"
    case .notAHousehold(let remote):
      "\(remote) is not a shelf household (it holds other files)"
    case .noHousehold(let remote):
      "\(remote) holds no household yet; \"sync init \(remote)\" on the first device puts it there"
    case .householdThere(let remote):
      "\(remote) holds a household already; \"sync join \(remote)\" joins it"
    case .newerHousehold(let remote, let format):
      "the household at \(remote) was synced by a newer shelf (format \(format)); update shelf"
    case .pushRefused(let remote, let reason): "\(remote) refused the changes: \(reason)"
    case .keptChanging(let attempts):
      "other devices sent changes \(attempts) times while this one merged them; run sync again"
    case .file(let error): "\(error); nothing was changed"
    case .git(let action, let reason): "git could not \(action): \(reason)"
    case .busy: "another sync of this data directory is running"
    case .interrupted: "interrupted; the next sync finishes the work"
    case .merge(let document, let reason): "cannot merge \(document): \(reason)"
    }
  }
}
