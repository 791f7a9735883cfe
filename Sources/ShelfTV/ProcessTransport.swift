import Foundation
import ShelfResources

/// GETs through the `shelf-fetch` helper, so that the shell itself never loads the networking
/// libraries. One helper process serves every request of the session over its stdin and
/// stdout (`HelperProtocol`), keeping its connections to the server open between requests; it
/// is started on the first request, and again after it was ended (Ctrl-C, a crash).
///
/// Waiting never blocks signals out: `isCancelled` is asked every 50 ms, and when it says yes
/// the helper is ended and the request throws `RequestCancelled`. Everything that can go wrong
/// with the helper (it cannot start, dies, says something unreadable, hangs past the timeout)
/// is a `TransportFailure`. Safe to call from several threads at once.
public final class ProcessTransport: HTTPTransport, @unchecked Sendable {
  public let helper: URL
  /// Time the helper gets beyond the request's timeout before it is taken to be stuck.
  static let grace: TimeInterval = 2

  private let isCancelled: @Sendable () -> Bool
  private let lock = NSLock()
  private var process: HelperProcess?
  private var lastID = 0
  private var started = 0

  /// - Parameters:
  ///   - helper: the `shelf-fetch` program.
  ///   - isCancelled: true when the user asked to stop (Ctrl-C); asked, never reset, while a
  ///     request waits.
  public init(helper: URL, isCancelled: @escaping @Sendable () -> Bool = { false }) {
    self.helper = helper
    self.isCancelled = isCancelled
  }

  deinit {
    process?.finish()
  }

  /// `shelf-fetch` where the running program's own resolved path puts it:
  /// `<prefix>/libexec/shelf/` when installed, else beside the program (see `ResourceLayout`).
  public static func besideExecutable(
    isCancelled: @escaping @Sendable () -> Bool = { false }
  ) -> ProcessTransport {
    ProcessTransport(
      helper: ResourceLayout.current()?.helper() ?? ResourceLayout.systemHelper,
      isCancelled: isCancelled)
  }

  /// How many helper processes this transport has started.
  public var processesStarted: Int {
    lock.lock()
    defer { lock.unlock() }
    return started
  }

  /// The process id of the running helper, if one runs.
  public var helperProcessID: Int32? {
    lock.lock()
    defer { lock.unlock() }
    return process?.pid
  }

  public func get(_ url: URL, timeout: TimeInterval) throws -> HTTPResponse {
    if isCancelled() { throw RequestCancelled() }
    let (helperProcess, id) = try reserve()
    guard let line = HelperProtocol.Request(id: id, timeout: timeout, url: url.absoluteString).line
    else {
      throw TransportFailure(kind: .badResponse, detail: "the URL cannot be requested: \(url)")
    }
    do {
      try helperProcess.send(line)
      return try helperProcess.answer(
        to: id, deadline: ProcessInfo.processInfo.systemUptime + timeout + Self.grace,
        isCancelled: isCancelled)
    } catch {
      if !helperProcess.isUsable { forget(helperProcess) }
      throw error
    }
  }

  /// Ends the helper once it has answered what it was asked (at the end of the session).
  public func close() {
    lock.lock()
    let running = process
    process = nil
    lock.unlock()
    running?.finish()
  }

  private func reserve() throws -> (HelperProcess, Int) {
    lock.lock()
    defer { lock.unlock() }
    lastID += 1
    if let process, process.isUsable { return (process, lastID) }
    let started = try HelperProcess(helper: helper)
    process = started
    self.started += 1
    return (started, lastID)
  }

  private func forget(_ helperProcess: HelperProcess) {
    helperProcess.terminate()
    lock.lock()
    defer { lock.unlock() }
    if process === helperProcess { process = nil }
  }
}
