import Foundation
import ShelfFiles

/// `.sync/` in the data directory: everything sync keeps on this device. None of it travels.
///
/// - `git/`: the household's repository (bare: git never writes the data directory).
/// - `synced`: the commit the data directory was last synced to. It is replaced together with
///   the documents a merge writes (see `SyncJournal`), so the two always agree.
/// - `journal`: the documents a merge is replacing, while it replaces them.
/// - `lock`: held by the sync running in this data directory.
/// - `files`: each document's file identity and blob id, so unchanged files are not read.
/// - `last`: when the last sync finished and what it moved.
/// - `tree`: the files of the synced commit, so that a sync with nothing to do asks git for
///   nothing but the fetch.
struct SyncFolder {
  let url: URL

  init(dataDirectory: URL) {
    url = dataDirectory.appendingPathComponent(".sync", isDirectory: true)
  }

  var repository: URL { url.appendingPathComponent("git", isDirectory: true) }
  var synced: URL { url.appendingPathComponent("synced") }
  var journal: URL { url.appendingPathComponent("journal") }
  var lock: URL { url.appendingPathComponent("lock") }
  var identities: URL { url.appendingPathComponent("files") }
  var last: URL { url.appendingPathComponent("last") }
  var tree: URL { url.appendingPathComponent("tree") }

  /// Whether this data directory syncs (`sync init` or `sync join` made the repository).
  var exists: Bool {
    FileManager.default.fileExists(atPath: repository.appendingPathComponent("HEAD").path)
  }

  /// The commit the data directory was last synced to; nil before the first.
  func syncedCommit() -> String? {
    guard let data = try? SmallFile.read(synced.path, limit: 4096) else { return nil }
    let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return text.count >= 40 && text.allSatisfy(\.isHexDigit) ? text : nil
  }

  static func syncedContents(_ commit: String) -> Data { Data((commit + "\n").utf8) }

  /// The last sync that finished: when, and how many changes it sent and received.
  struct LastSync: Equatable {
    var time: Date
    var sent: Int
    var received: Int
  }

  func lastSync() -> LastSync? {
    guard let data = try? SmallFile.read(last.path, limit: 4096) else { return nil }
    let fields = String(decoding: data, as: UTF8.self).split(separator: "\t")
    guard fields.count >= 3, let seconds = Double(fields[0]), let sent = Int(fields[1]),
      let received = Int(fields[2].trimmingCharacters(in: .newlines))
    else { return nil }
    return LastSync(time: Date(timeIntervalSince1970: seconds), sent: sent, received: received)
  }

  /// The files of `commit` as `rememberTree` kept them; nil when it kept another commit's.
  func rememberedTree(of commit: String) -> [String: String]? {
    guard let data = try? SmallFile.read(tree.path, limit: 16 << 20) else { return nil }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    guard lines.first.map(String.init) == commit else { return nil }
    var files: [String: String] = [:]
    for line in lines.dropFirst() {
      let fields = line.split(separator: "\t", maxSplits: 1)
      guard fields.count == 2 else { return nil }
      files[String(fields[1])] = String(fields[0])
    }
    return files
  }

  func rememberTree(_ files: [String: String], of commit: String) {
    let text =
      ([commit] + files.sorted { $0.key < $1.key }.map { "\($0.value)\t\($0.key)" })
      .joined(separator: "\n") + "\n"
    try? DurableFile.write(Data(text.utf8), to: tree)
  }

  func record(_ last: LastSync) throws {
    let text = "\(Int(last.time.timeIntervalSince1970))\t\(last.sent)\t\(last.received)\n"
    try DurableFile.write(Data(text.utf8), to: self.last)
  }
}
