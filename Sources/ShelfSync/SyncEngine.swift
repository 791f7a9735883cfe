import Foundation
import ShelfFiles

/// Sync between devices through git: the household's documents are committed in a repository
/// of this data directory's own (`.sync/`), fetched from and pushed to the remote every device
/// shares, and merged document by document by the data's merge rules, never by git: there
/// are no conflict markers, and what a merge writes is written under the locks every command
/// takes. One sync runs at a time in a data directory.
public final class SyncEngine: Sendable {
  public let dataDirectory: URL
  let rules: SyncRules
  let options: SyncOptions
  let folder: SyncFolder

  public init(dataDirectory: URL, rules: SyncRules, options: SyncOptions) {
    self.dataDirectory = dataDirectory
    self.rules = rules
    self.options = options
    folder = SyncFolder(dataDirectory: dataDirectory)
  }

  /// Whether this data directory syncs (`sync init` or `sync join` ran).
  public var isSyncing: Bool { folder.exists }

  /// The remote this data directory syncs with, without credentials; nil when it does not.
  public func remote() throws -> String? {
    guard isSyncing else { return nil }
    return try repository().remote()?.display
  }

  // MARK: - Commands

  /// `sync init REMOTE`: this device starts the household at `remote` (a local path that does
  /// not exist yet becomes a new bare repository) and sends everything it has.
  public func start(_ remote: RemoteAddress) throws -> SyncReport {
    guard !isSyncing else { throw SyncError.alreadySyncing(remote: try self.remote() ?? "") }
    return try withSyncLock {
      let repository = try repository()
      if remote.isLocalPath, Self.isEmptyOrMissing(remote.text) {
        try repository.initBare(at: URL(fileURLWithPath: remote.text))
      }
      return try beginning(with: remote, repository: repository) { run in
        if let main = run.theirs {
          try run.checkHousehold(main)
          throw SyncError.householdThere(remote: remote.display)
        }
        guard try run.remoteIsEmpty() else {
          throw SyncError.notAHousehold(remote: remote.display)
        }
        return try run.sendFirst()
      }
    }
  }

  /// `sync join REMOTE`: this device joins the household at `remote`; what it had is merged in.
  public func join(_ remote: RemoteAddress) throws -> SyncReport {
    guard !isSyncing else { throw SyncError.alreadySyncing(remote: try self.remote() ?? "") }
    return try withSyncLock {
      try beginning(with: remote, repository: try repository()) { run in
        guard run.theirs != nil else {
          throw try run.remoteIsEmpty()
            ? SyncError.noHousehold(remote: remote.display)
            : SyncError.notAHousehold(remote: remote.display)
        }
        var report = try run.exchange()
        report.kind = .joined
        return report
      }
    }
  }

  /// `sync`: sends this device's changes and brings the others'.
  public func sync() throws -> SyncReport {
    guard isSyncing else { throw SyncError.notSyncing }
    return try withSyncLock {
      let repository = try repository()
      guard let remote = repository.remote() else { throw SyncError.notSyncing }
      let run = SyncRun(engine: self, repository: repository, remote: remote)
      return try run.redactingErrors {
        try run.finishInterrupted()
        run.progress.enter("receiving from \(remote.display)")
        try run.fetch()
        return try run.exchange()
      }
    }
  }

  /// `sync status`: the remote, the last sync, and the changes waiting to be sent.
  public func status() throws -> SyncStatus {
    guard isSyncing else {
      return SyncStatus(remote: nil, device: options.device, lastSync: nil, waiting: nil)
    }
    let repository = try repository()
    let remote = repository.remote()
    let run = SyncRun(engine: self, repository: repository, remote: remote ?? RemoteAddress(""))
    let waiting = try run.redactingErrors { try run.waiting() }
    return SyncStatus(
      remote: remote?.display, device: options.device, lastSync: folder.lastSync()?.time,
      waiting: waiting)
  }

  /// `sync off`: stops syncing; every document stays as it is, and the repository of this
  /// device is removed (the remote keeps the household's history).
  public func stop() throws -> SyncStop {
    guard isSyncing else { throw SyncError.notSyncing }
    return try withSyncLock {
      let repository = try repository()
      let remote = repository.remote() ?? RemoteAddress("")
      let run = SyncRun(engine: self, repository: repository, remote: remote)
      try run.redactingErrors { try run.finishInterrupted() }
      let unsent = (try? run.waiting()) ?? 0
      do {
        try FileManager.default.removeItem(at: folder.url)
      } catch {
        throw SyncError.file(FileError(path: folder.url.path, operation: .save, error: error))
      }
      return SyncStop(remote: remote.display, unsent: unsent)
    }
  }

  /// Finishes what a sync killed half-way left (see `SyncJournal`). Cheap when there is
  /// nothing: call it when opening the data directory. A sync running now finishes its own.
  public func finishInterrupted() throws {
    guard SyncJournal(folder: folder).isPending, isSyncing else { return }
    let lock = FileLock(for: folder.url.appendingPathComponent("sync"))
    let held: FileLock.Held?
    do {
      held = try lock.acquireIfFree()
    } catch let error as FileError {
      throw SyncError.file(error)
    }
    guard let held else { return }
    defer { held.release() }
    let repository = try repository()
    try SyncRun(engine: self, repository: repository, remote: RemoteAddress(""))
      .finishInterrupted()
  }

  // MARK: - Parts

  func repository() throws -> GitRepository {
    guard let git = options.gitExecutable() else { throw SyncError.gitMissing }
    return GitRepository(
      directory: folder.repository, executable: git, environment: options.environment,
      device: options.device, interactive: options.interactive)
  }

  /// `sync init` and `sync join`: makes this device's repository for `remote`, fetches, and runs
  /// `body`. A failure before anything was written leaves no trace of the attempt.
  private func beginning(
    with remote: RemoteAddress, repository: GitRepository, _ body: (SyncRun) throws -> SyncReport
  ) throws -> SyncReport {
    let run = SyncRun(engine: self, repository: repository, remote: remote)
    do {
      return try run.redactingErrors {
        try repository.create(remote: remote)
        run.progress.enter("receiving from \(remote.display)")
        try run.fetch()
        return try body(run)
      }
    } catch {
      if folder.syncedCommit() == nil { try? FileManager.default.removeItem(at: folder.url) }
      throw error
    }
  }

  /// Runs `body` as the one sync of this data directory, waiting up to 30 s for another to end.
  private func withSyncLock<Result>(_ body: () throws -> Result) throws -> Result {
    let lock = FileLock(for: folder.url.appendingPathComponent("sync"))
    let deadline = ProcessInfo.processInfo.systemUptime + 30
    while true {
      let held: FileLock.Held?
      do {
        held = try lock.acquireIfFree()
      } catch let error as FileError {
        throw SyncError.file(error)
      }
      if let held {
        defer { held.release() }
        return try body()
      }
      if options.interrupted() { throw SyncError.interrupted }
      guard ProcessInfo.processInfo.systemUptime < deadline else { throw SyncError.busy }
      options.progress("sync: waiting for another sync of this data directory…")
      usleep(100_000)
    }
  }

  private static func isEmptyOrMissing(_ path: String) -> Bool {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
      return !FileManager.default.fileExists(atPath: path)
    }
    return names.isEmpty
  }
}
