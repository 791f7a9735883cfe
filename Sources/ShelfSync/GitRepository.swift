import Foundation

/// The household's repository on this device (a bare repository in `.sync/git` of the data
/// directory), worked with git's plumbing only: git never touches the data directory, and
/// every commit is made under shelf's own identity (the device's name), whatever git's user
/// settings are. Hooks never run, and objects and references are flushed to disk as they are
/// written.
struct GitRepository {
  /// The branch every device of a household shares.
  static let branch = "refs/heads/main"
  /// The other devices' branch as this device last fetched it.
  static let remoteBranch = "refs/remotes/origin/main"
  /// Where commits are made before they are taken as synced (kept so they are never pruned).
  static let workRef = "refs/shelf/work"

  let directory: URL
  let git: GitProcess
  /// The name commits are made under: the device's host name.
  let device: String

  /// `environment`: the process's; git's own settings for ssh, credentials and proxies pass
  /// through, the variables that would point git at another repository do not.
  init(
    directory: URL, executable: String, environment: [String: String], device: String,
    interactive: Bool
  ) {
    self.directory = directory
    self.device = device
    var variables = environment.filter { !Self.repositoryVariables.contains($0.key) }
    variables["GIT_DIR"] = directory.path
    variables["GIT_AUTHOR_NAME"] = device
    variables["GIT_COMMITTER_NAME"] = device
    variables["GIT_AUTHOR_EMAIL"] = Self.email(of: device)
    variables["GIT_COMMITTER_EMAIL"] = Self.email(of: device)
    variables["LC_ALL"] = "C"
    variables["LANGUAGE"] = nil
    if !interactive { variables["GIT_TERMINAL_PROMPT"] = "0" }
    git = GitProcess(executable: executable, environment: variables, foreground: interactive)
  }

  /// The variables that choose a repository, an index or an identity, which would make git work
  /// somewhere else than the household's repository.
  private static let repositoryVariables: Set<String> = [
    "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_COMMON_DIR",
    "GIT_CEILING_DIRECTORIES", "GIT_DISCOVERY_ACROSS_FILESYSTEM", "GIT_REPLACE_REF_BASE",
    "GIT_GRAFT_FILE", "GIT_SHALLOW_FILE", "GIT_NO_REPLACE_OBJECTS", "GIT_QUARANTINE_PATH",
    "GIT_AUTHOR_DATE", "GIT_COMMITTER_DATE", "GIT_PREFIX", "GIT_EXEC_PATH",
  ]

  private static func email(of device: String) -> String {
    "shelf@" + device.filter { $0.isLetter || $0.isNumber || "-.".contains($0) }
  }

  /// The options every command runs with: no hooks, durable objects and references.
  private static let settings = [
    "-c", "core.hooksPath=/dev/null", "-c", "core.fsync=committed", "-c", "core.fsyncMethod=fsync",
    "-c", "gc.autoDetach=false", "-c", "core.looseCompression=1",
  ]

  /// Runs `git ARGUMENTS` in the repository; a failure is `SyncError.git` for `action`.
  @discardableResult
  func run(
    _ arguments: [String], input: Data? = nil, action: String,
    tick: (String) -> Bool = { _ in false }
  ) throws -> GitProcess.Output {
    let output = try git.run(Self.settings + arguments, input: input, tick: tick)
    guard output.succeeded else {
      throw SyncError.git(action: action, reason: Self.firstProblem(output))
    }
    return output
  }

  /// git's first line that says what went wrong (`fatal: …`, `error: …`), else its last line.
  static func firstProblem(_ output: GitProcess.Output) -> String {
    let lines = output.errorText.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    let line =
      lines.first { $0.hasPrefix("fatal:") || $0.hasPrefix("error:") } ?? lines.last
      ?? "exit status \(output.status)"
    for prefix in ["fatal: ", "error: "] where line.hasPrefix(prefix) {
      return String(line.dropFirst(prefix.count))
    }
    return line
  }

  // MARK: - Making it

  /// Makes the repository (bare, branch `main`) with `remote` as `origin`.
  func create(remote: RemoteAddress) throws {
    try initBare(at: directory)
    try setRemote(remote)
  }

  /// `git init --bare` at `url` (a new household's remote, or this device's repository).
  func initBare(at url: URL) throws {
    try run(
      ["init", "--quiet", "--bare", "--initial-branch=main", url.path],
      action: "make a repository at \(url.path)")
  }

  func setRemote(_ remote: RemoteAddress) throws {
    try run(["config", "remote.origin.url", remote.text], action: "record the remote")
    try run(
      ["config", "remote.origin.fetch", "+refs/heads/*:refs/remotes/origin/*"],
      action: "record the remote")
  }

  /// The remote's address as recorded; nil when there is none.
  func remote() -> RemoteAddress? {
    if let url = RepositoryFiles(directory: directory).remoteURL() { return RemoteAddress(url) }
    guard let output = try? git.run(Self.settings + ["config", "--get", "remote.origin.url"]),
      output.succeeded
    else { return nil }
    let text = output.text.trimmingCharacters(in: .newlines)
    return text.isEmpty ? nil : RemoteAddress(text)
  }

  // MARK: - Reading

  /// The commit `reference` names; nil when there is none.
  func resolve(_ reference: String) throws -> String? {
    let output = try git.run(
      Self.settings + ["rev-parse", "--verify", "--quiet", reference + "^{commit}"])
    guard output.succeeded else { return nil }
    return output.text.trimmingCharacters(in: .newlines)
  }

  /// The files of a commit's tree: path → blob id.
  func files(of commit: String) throws -> [String: String] {
    let output = try run(
      ["ls-tree", "-r", "-z", "--full-tree", commit], action: "read commit \(commit.prefix(12))")
    var files: [String: String] = [:]
    for entry in output.stdout.split(separator: 0) {
      let text = String(decoding: entry, as: UTF8.self)
      guard let tab = text.firstIndex(of: "\t") else { continue }
      let fields = text[..<tab].split(separator: " ")
      guard fields.count == 3, fields[1] == "blob" else { continue }
      files[String(text[text.index(after: tab)...])] = String(fields[2])
    }
    return files
  }

  /// The best common ancestor of two commits; nil when they have none.
  func mergeBase(_ first: String, _ second: String) throws -> String? {
    let output = try git.run(Self.settings + ["merge-base", first, second])
    guard output.succeeded else {
      if output.status == 1 { return nil }
      throw SyncError.git(action: "find the common version", reason: Self.firstProblem(output))
    }
    return output.text.trimmingCharacters(in: .newlines)
  }

  /// Whether `ancestor` is `commit` or one of its ancestors.
  func isAncestor(_ ancestor: String, of commit: String) throws -> Bool {
    let output = try git.run(Self.settings + ["merge-base", "--is-ancestor", ancestor, commit])
    if output.succeeded { return true }
    if output.status == 1 { return false }
    throw SyncError.git(action: "compare versions", reason: Self.firstProblem(output))
  }

  /// The contents of blobs, by id (one `git cat-file --batch` for all of them).
  func blobs(_ ids: Set<String>) throws -> [String: Data] {
    guard !ids.isEmpty else { return [:] }
    let list = ids.sorted()
    let output = try run(
      ["cat-file", "--batch"], input: Data(list.map { $0 + "\n" }.joined().utf8),
      action: "read the household's documents")
    var result: [String: Data] = [:]
    var data = output.stdout[...]
    for id in list {
      guard let newline = data.firstIndex(of: 10) else { break }
      let header = String(decoding: data[data.startIndex..<newline], as: UTF8.self)
        .split(separator: " ")
      data = data[(newline + 1)...]
      guard header.count == 3, header[1] == "blob", let size = Int(header[2]),
        data.count >= size
      else { continue }
      result[id] = Data(data.prefix(size))
      data = data.dropFirst(size + 1)
    }
    return result
  }

  /// The blob ids the files at `paths` would have (nothing is written).
  func hash(files paths: [String]) throws -> [String] {
    try hash(paths, writing: false)
  }

  /// Writes the files at `paths` into the repository as blobs; returns their ids.
  func store(files paths: [String]) throws -> [String] {
    try hash(paths, writing: true)
  }

  private func hash(_ paths: [String], writing: Bool) throws -> [String] {
    guard !paths.isEmpty else { return [] }
    let output = try run(
      ["hash-object", "--no-filters", "--stdin-paths"] + (writing ? ["-w"] : []),
      input: Data(paths.map { $0 + "\n" }.joined().utf8), action: "read this device's documents")
    let ids = output.text.split(separator: "\n").map(String.init)
    guard ids.count == paths.count else {
      throw SyncError.git(action: "read this device's documents", reason: "unexpected output")
    }
    return ids
  }

  // MARK: - Writing

  /// A file of a commit's tree: a blob the repository has, or new contents.
  enum Content: Equatable {
    case blob(String)
    case data(Data)
  }

  /// One change of a commit's tree: a file's new contents, or its removal (nil).
  struct Change {
    var path: String
    var content: Content?
  }

  /// Makes a commit: `parents[0]`'s tree (none: an empty one) with `changes`, and every parent.
  /// Returns its id; `workRef` points at it.
  func commit(parents: [String], changes: [Change], message: String, now: Date) throws -> String {
    var stream = Data()
    func line(_ text: String) { stream.append(Data((text + "\n").utf8)) }
    func data(_ bytes: Data) {
      line("data \(bytes.count)")
      stream.append(bytes)
      line("")
    }
    let seconds = Int(now.timeIntervalSince1970)
    line("commit \(Self.workRef)")
    line("mark :1")
    line("committer \(device) <\(Self.email(of: device))> \(seconds) +0000")
    data(Data(message.utf8))
    if let first = parents.first { line("from \(first)") }
    for parent in parents.dropFirst() { line("merge \(parent)") }
    for change in changes {
      switch change.content {
      case .blob(let id): line("M 100644 \(id) \(change.path)")
      case .data(let contents):
        line("M 100644 inline \(change.path)")
        data(contents)
      case nil: line("D \(change.path)")
      }
    }
    line("get-mark :1")
    line("done")
    let output = try run(
      ["fast-import", "--quiet", "--force", "--done"], input: stream,
      action: "record the household's documents")
    let id = output.text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard id.count >= 40, id.allSatisfy(\.isHexDigit) else {
      throw SyncError.git(action: "record the household's documents", reason: "unexpected output")
    }
    return id
  }

  /// Points `reference` at `commit`.
  func update(_ reference: String, to commit: String) throws {
    try run(["update-ref", reference, commit], action: "record the synced version")
  }

  // MARK: - The remote

  /// Fetches every branch of the remote (`refs/remotes/origin/*`). git's housekeeping waits
  /// for a sync that made a commit (`maintain`).
  func fetch(verbose: (String) -> Void, tick: (String) -> Bool) throws {
    let output = try git.run(
      Self.settings + [
        "fetch", "--prune", "--no-tags", "--progress", "--no-auto-maintenance", "origin",
      ], tick: tick)
    verbose(output.errorText)
    guard output.succeeded else {
      throw SyncError.unreachable(remote: "", reason: Self.firstProblem(output))
    }
  }

  /// The other devices' `main` as last fetched; nil when the remote has none.
  func remoteMain() throws -> String? {
    if let commit = RepositoryFiles(directory: directory).commit(of: Self.remoteBranch) {
      return commit
    }
    return try remoteBranches()[Self.remoteBranch]
  }

  /// git's housekeeping (packing loose objects) when it is due.
  func maintain() {
    _ = try? git.run(Self.settings + ["maintenance", "run", "--auto", "--quiet"])
  }

  /// Every branch of the remote as last fetched, by reference.
  func remoteBranches() throws -> [String: String] {
    let listing = try run(
      ["for-each-ref", "--format=%(objectname) %(refname)", "refs/remotes/origin/"],
      action: "list the remote's branches")
    var branches: [String: String] = [:]
    for line in listing.text.split(separator: "\n") {
      let parts = line.split(separator: " ", maxSplits: 1)
      if parts.count == 2 { branches[String(parts[1])] = String(parts[0]) }
    }
    return branches
  }

  /// What became of a push.
  enum PushResult: Equatable {
    case pushed
    /// Another device pushed first: fetch, merge and push again.
    case behind
    /// Another device was pushing at the same moment (the remote's branch was locked): the
    /// reason, should it last.
    case raced(String)
    case refused(String)
  }

  /// Sends `commit` as the remote's `main`.
  func push(_ commit: String, verbose: (String) -> Void, tick: (String) -> Bool) throws
    -> PushResult
  {
    let output = try git.run(
      Self.settings + [
        "push", "--porcelain", "--no-verify", "--progress", "origin", "\(commit):\(Self.branch)",
      ], tick: tick)
    verbose(output.errorText)
    let lines = output.text.split(separator: "\n")
    // The porcelain's branch line: `FLAG TAB FROM:TO TAB SUMMARY`.
    let status = lines.first { $0.split(separator: "\t").count >= 3 }
    let summary = status.map { $0.split(separator: "\t").dropFirst(2).joined(separator: " ") } ?? ""
    verbose(
      lines.filter { $0.hasPrefix("To ") }.joined(separator: "\n")
        + (summary.isEmpty ? "" : "\n   \(summary)  main -> main"))
    if output.succeeded { return .pushed }
    guard status != nil else {
      throw SyncError.unreachable(remote: "", reason: Self.firstProblem(output))
    }
    if summary.contains("fetch first") || summary.contains("non-fast-forward")
      || summary.contains("stale info")
    {
      return .behind
    }
    let reason = summary.drop { $0 != "(" }.dropFirst().prefix { $0 != ")" }
    let words = reason.isEmpty ? Self.firstProblem(output) : String(reason)
    if summary.contains("failed to update ref") || summary.contains("failed to lock")
      || summary.contains("cannot lock")
    {
      return .raced(words)
    }
    return .refused(words)
  }
}
