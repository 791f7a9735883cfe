import Foundation

/// A file system mounted for one test, for the faults only a mount gives: a disk that is full
/// (a small tmpfs) or read-only (a read-only bind mount, which root cannot write through
/// either). Mounting needs root (or CAP_SYS_ADMIN); where it is refused, `make` returns nil
/// and the test skips, saying why.
public final class ScratchMount {
  public let url: URL
  private var mounted = true

  private init(url: URL) {
    self.url = url
  }

  deinit { unmount() }

  /// An empty tmpfs of `kilobytes` at a new directory.
  public static func tmpfs(kilobytes: Int) -> ScratchMount? {
    guard let point = try? newMountPoint() else { return nil }
    guard run(["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", point.path]) else {
      try? FileManager.default.removeItem(at: point)
      return nil
    }
    return ScratchMount(url: point)
  }

  /// `directory` seen read-only at a new directory (its files stay writable at their place).
  public static func readOnlyView(of directory: URL) -> ScratchMount? {
    guard let point = try? newMountPoint() else { return nil }
    guard run(["--bind", directory.path, point.path]) else {
      try? FileManager.default.removeItem(at: point)
      return nil
    }
    let mount = ScratchMount(url: point)
    guard run(["-o", "remount,bind,ro", point.path]) else { return nil }
    return mount
  }

  /// Fills the file system: a file that takes every free block.
  public func fill() throws {
    let handle = try FileHandle(forWritingTo: createFile("filler"))
    defer { try? handle.close() }
    let block = Data(repeating: 0, count: 4096)
    while (try? handle.write(contentsOf: block)) != nil {}
  }

  private func createFile(_ name: String) -> URL {
    let file = url.appendingPathComponent(name)
    _ = FileManager.default.createFile(atPath: file.path, contents: nil)
    return file
  }

  public func unmount() {
    guard mounted else { return }
    mounted = false
    _ = Self.run(["-l", url.path], program: "/bin/umount")
    try? FileManager.default.removeItem(at: url)
  }

  private static func newMountPoint() throws -> URL {
    let point = FileManager.default.temporaryDirectory
      .appendingPathComponent("shelf-mount-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: point, withIntermediateDirectories: true)
    return point
  }

  private static func run(_ arguments: [String], program: String = "/bin/mount") -> Bool {
    guard FileManager.default.isExecutableFile(atPath: program) else { return false }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return false
    }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  /// Why a test that needs a mount did not run.
  public static let unavailable = "cannot mount here (needs root and mount(8)); skipped"
}
