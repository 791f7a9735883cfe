import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way the program writes a file, so that it is on disk when the call returns and no
/// reader ever sees half of it.
///
/// `write` replaces a whole file: the data goes to a temporary file in the same directory,
/// created exclusively (`O_CREAT|O_EXCL|O_NOFOLLOW`, mode 0600) under a name no one can guess,
/// is flushed with `fsync`, renamed over the destination, and the directory is flushed too. A
/// destination that is a symbolic link (as dotfile managers make) is written through: the
/// link's final target is replaced and the link stays. A writer killed half-way leaves only a
/// temporary file, which `removeStaleTemporaries(in:)` deletes at the next start. Directories
/// are created 0700 (never those a dangling symbolic link names: that write fails). Failures are `FileError`s naming the file and the system's reason.
public enum DurableFile {
  /// The mode of every file written here.
  public static let fileMode: mode_t = 0o600
  /// The mode of every directory created here.
  public static let directoryMode: mode_t = 0o700

  /// Replaces the file at `url` (or the file its symbolic link points to) with `data`.
  /// `creatingDirectory: false` for a file the user named: a missing directory is an error.
  public static func write(_ data: Data, to url: URL, creatingDirectory: Bool = true) throws {
    try write(contentsOf: data, to: url, creatingDirectory: creatingDirectory)
  }

  /// Replaces the file at `url` (or the file its symbolic link points to) with `bytes`.
  public static func write(_ bytes: [UInt8], to url: URL) throws {
    try write(contentsOf: bytes, to: url)
  }

  private static func write(
    contentsOf data: some ContiguousBytes, to url: URL, creatingDirectory: Bool = true
  ) throws {
    try write(to: url, creatingDirectory: creatingDirectory) { write in try write(data) }
  }

  /// Replaces the file at `url` (or the file its symbolic link points to) with what `contents`
  /// writes through the function it is given, in as many pieces as it likes: a large file
  /// need never be whole in memory.
  public static func write(
    to url: URL, creatingDirectory: Bool = true,
    contents: ((any ContiguousBytes) throws -> Void) throws -> Void
  ) throws {
    let target = resolvingLinks(url.path)
    let directory = (target as NSString).deletingLastPathComponent
    // A missing directory is created for the program's own files, never for the target of a
    // symbolic link: a dangling link names a place the program does not own.
    let (descriptor, temporary) = try createTemporary(
      for: target, in: directory, creatingDirectory: creatingDirectory && target == url.path)
    var closed = false
    defer {
      if !closed { _ = close(descriptor) }
    }
    do {
      try contents { piece in try writeAll(piece, to: descriptor, path: target) }
      guard fsync(descriptor) == 0 else { throw failure(target, .save) }
      closed = true
      guard close(descriptor) == 0 else { throw failure(target, .save) }
      guard rename(temporary, target) == 0 else { throw failure(target, .save) }
    } catch {
      _ = unlink(temporary)
      throw error
    }
    syncDirectory(directory)
  }

  /// Appends `data` to the file (created 0600 if missing) and flushes it to disk. Not atomic:
  /// readers of an appended file must tolerate a torn last record.
  public static func append(_ data: Data, to url: URL, creatingDirectory: Bool = true) throws {
    let path = url.path
    var descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, fileMode)
    if descriptor < 0 && errno == ENOENT && creatingDirectory {
      try createDirectory(URL(fileURLWithPath: (path as NSString).deletingLastPathComponent))
      descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, fileMode)
    }
    guard descriptor >= 0 else { throw failure(path, .save) }
    defer { _ = close(descriptor) }
    try writeAll(data, to: descriptor, path: path)
    guard fsync(descriptor) == 0 else { throw failure(path, .save) }
  }

  /// Removes the file if it exists; a missing file is not an error.
  public static func remove(_ url: URL) {
    _ = unlink(url.path)
  }

  /// Creates the directory and any missing parents, each 0700. An existing directory is fine.
  public static func createDirectory(_ url: URL) throws {
    let path = url.path
    if mkdir(path, directoryMode) == 0 { return }
    switch errno {
    case EEXIST:
      var status = stat()
      guard stat(path, &status) == 0 else { throw failure(path, .createDirectory) }
      guard status.st_mode & S_IFMT == S_IFDIR else {
        throw FileError(path: path, operation: .createDirectory, code: ENOTDIR)
      }
    case ENOENT:
      let parent = url.deletingLastPathComponent()
      guard parent.path != path else { throw failure(path, .createDirectory) }
      try createDirectory(parent)
      guard mkdir(path, directoryMode) == 0 || errno == EEXIST else {
        throw failure(path, .createDirectory)
      }
    default:
      throw failure(path, .createDirectory)
    }
  }

  /// Deletes the temporary files that writers killed half-way left in `directory`: only names
  /// of the forms this type (and earlier versions of shelf) create, and only when the process
  /// that made them is gone. Returns how many were removed.
  @discardableResult
  public static func removeStaleTemporaries(in directory: URL) -> Int {
    removeStaleTemporaries(in: directory, names: hiddenNames(in: directory.path))
  }

  /// The names in `path` that start with a dot or hold `.tmp-` (the only ones a temporary can
  /// have), read without making a string of every other name: a folder of thousands of
  /// posters costs a start next to nothing.
  public static func hiddenNames(in path: String) -> [String] {
    guard let stream = opendir(path) else { return [] }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String? in
        let bytes = raw.bindMemory(to: UInt8.self)
        guard let first = bytes.first, first != 0 else { return nil }
        let length = bytes.firstIndex(of: 0) ?? bytes.count
        let text = UnsafeBufferPointer(rebasing: bytes[0..<length])
        if first == UInt8(ascii: ".") { return String(decoding: text, as: UTF8.self) }
        // Earlier shelves' `NAME.tmp-PID`.
        let marker = Array(".tmp-".utf8)
        guard length > marker.count,
          (0...(length - marker.count)).contains(where: { start in
            marker.indices.allSatisfy { text[start + $0] == marker[$0] }
          })
        else { return nil }
        return String(decoding: text, as: UTF8.self)
      }
      if let name, name != ".", name != ".." { names.append(name) }
    }
    return names
  }

  /// As `removeStaleTemporaries(in:)`, given the names the directory holds (read once by the
  /// caller for other purposes too).
  @discardableResult
  public static func removeStaleTemporaries(in directory: URL, names: [String]) -> Int {
    var removed = 0
    for name in names {
      guard let owner = TemporaryName.owner(of: name) else { continue }
      if let pid = owner, processIsRunning(pid) { continue }
      if unlink(directory.appendingPathComponent(name).path) == 0 { removed += 1 }
    }
    return removed
  }

  /// The path a write to `path` replaces: `path` itself, or the final target of the symbolic
  /// links it names (relative targets resolved against the link's directory).
  public static func resolvingLinks(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = readlink(current, &buffer, buffer.count - 1)
      guard length > 0 else { return current }
      let target = String(
        decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current =
        target.hasPrefix("/")
        ? target
        : ((current as NSString).deletingLastPathComponent as NSString)
          .appendingPathComponent(target)
    }
    return current
  }

  /// Opens a new temporary file beside `target` that no one else can have made or redirected.
  static func createTemporary(
    for target: String, in directory: String, creatingDirectory: Bool = true
  ) throws -> (Int32, String) {
    let base = (target as NSString).lastPathComponent
    var createdDirectory = !creatingDirectory
    var attempts = 0
    while true {
      let path = (directory as NSString).appendingPathComponent(TemporaryName.make(for: base))
      let descriptor = openExclusive(path)
      if descriptor >= 0 { return (descriptor, path) }
      let code = errno
      attempts += 1
      if code == ENOENT && !createdDirectory {
        try createDirectory(URL(fileURLWithPath: directory))
        createdDirectory = true
      } else if !(code == EEXIST || code == EINTR) || attempts > 8 {
        throw FileError(path: target, operation: .save, code: code)
      }
    }
  }

  /// `open` for a file that must not exist yet and must not be a symbolic link.
  static func openExclusive(_ path: String) -> Int32 {
    open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, fileMode)
  }

  private static func writeAll(_ data: some ContiguousBytes, to descriptor: Int32, path: String)
    throws
  {
    try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        #if canImport(Darwin)
          let written = Darwin.write(descriptor, base + offset, buffer.count - offset)
        #elseif canImport(Musl)
          let written = Musl.write(descriptor, base + offset, buffer.count - offset)
        #else
          let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
        #endif
        if written < 0 {
          if errno == EINTR { continue }
          throw failure(path, .save)
        }
        offset += written
      }
    }
  }

  /// Flushes a directory's entries (a rename in it) to disk.
  public static func syncDirectory(_ directory: String) {
    let descriptor = open(directory, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    _ = close(descriptor)
  }

  private static func processIsRunning(_ pid: Int32) -> Bool {
    kill(pid, 0) == 0 || errno == EPERM
  }

  private static func failure(_ path: String, _ operation: FileError.Operation) -> FileError {
    FileError(path: path, operation: operation, code: errno)
  }
}

extension DurableFile {
  /// Moves a file or a directory to `destination` (which must not exist) and flushes both
  /// directories, so the move is on disk when this returns. Across file systems, a file is
  /// copied durably and then removed (a kill between leaves both copies, never none).
  public static func move(_ source: URL, to destination: URL) throws {
    try createDirectory(destination.deletingLastPathComponent())
    if rename(source.path, destination.path) == 0 {
      syncDirectory(source.deletingLastPathComponent().path)
      syncDirectory(destination.deletingLastPathComponent().path)
      return
    }
    guard errno == EXDEV else {
      throw FileError(path: source.path, operation: .save, code: errno)
    }
    let bytes = try SmallFile.read(source.path, limit: 1 << 30)
    try write(bytes, to: destination)
    guard unlink(source.path) == 0 else {
      throw FileError(path: source.path, operation: .save, code: errno)
    }
    syncDirectory(source.deletingLastPathComponent().path)
  }
}
