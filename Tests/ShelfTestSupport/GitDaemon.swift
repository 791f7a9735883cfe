import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// git's own daemon on 127.0.0.1 serving the repositories under `root` (reading and pushing),
/// a network remote for sync tests: `git://127.0.0.1:PORT/NAME`.
public final class GitDaemon {
  public let root: URL
  public let port: Int
  private let process: Process

  /// Starts the daemon; nil (the test skips) where git's daemon is not installed.
  public init?(root: URL) throws {
    let program = "/usr/lib/git-core/git-daemon"
    guard FileManager.default.isExecutableFile(atPath: program) else { return nil }
    self.root = root
    var lastError: Error?
    for _ in 0..<5 {
      let port = try Self.freePort()
      let process = Process()
      process.executableURL = URL(fileURLWithPath: program)
      process.arguments = [
        "--reuseaddr", "--listen=127.0.0.1", "--port=\(port)", "--base-path=\(root.path)",
        "--export-all", "--enable=receive-pack", "--informative-errors", root.path,
      ]
      process.environment = ["PATH": "/usr/bin:/bin", "HOME": root.path]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      do {
        try process.run()
      } catch {
        lastError = error
        continue
      }
      if Self.waitForListener(port: port, process: process) {
        self.port = port
        self.process = process
        return
      }
      process.terminate()
      process.waitUntilExit()
    }
    throw lastError
      ?? NSError(
        domain: "GitDaemon", code: 1,
        userInfo: [NSLocalizedDescriptionKey: "git daemon did not start listening"])
  }

  deinit { stop() }

  /// The address of the repository `name` under the root.
  public func url(_ name: String) -> String { "git://127.0.0.1:\(port)/\(name)" }

  public func stop() {
    guard process.isRunning else { return }
    process.terminate()
    process.waitUntilExit()
  }

  private static func freePort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard bound else {
      throw NSError(domain: "GitDaemon", code: Int(errno))
    }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  private static func waitForListener(port: Int, process: Process) -> Bool {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline, process.isRunning {
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      address.sin_port = UInt16(port).bigEndian
      let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
      }
      close(descriptor)
      if connected { return true }
      usleep(50_000)
    }
    return false
  }
}
