import Foundation
import ShelfResources

/// Runs the `shelf-fetch` helper for each GET and reads its answer: on success it exits 0 and
/// prints `HTTP <status>`, header lines, a blank line and the body; on failure it exits 3 and
/// prints `<kind><TAB><detail>` on stderr. The URL is passed as an argument, never through a
/// shell.
public struct ProcessTransport: HTTPTransport {
  public let helper: URL

  public init(helper: URL) {
    self.helper = helper
  }

  /// `shelf-fetch` where the running program's own resolved path puts it:
  /// `<prefix>/libexec/shelf/` when installed, else beside the program (see `ResourceLayout`).
  public static func besideExecutable() -> ProcessTransport {
    ProcessTransport(helper: ResourceLayout.current()?.helper() ?? ResourceLayout.systemHelper)
  }

  public func get(_ url: URL, timeout: TimeInterval) throws -> HTTPResponse {
    let process = Process()
    process.executableURL = helper
    process.arguments = ["--timeout", String(timeout), url.absoluteString]
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = errors
    do {
      try process.run()
    } catch {
      throw TransportFailure(
        kind: .noConnection,
        detail: "cannot run the network helper \(helper.path) (build it with swift build)")
    }
    let body = output.fileHandleForReading.readDataToEndOfFile()
    let problem = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw Self.failure(from: problem, status: process.terminationStatus)
    }
    return try Self.parse(body)
  }

  static func failure(from stderr: Data, status: Int32) -> TransportFailure {
    let text = String(decoding: stderr, as: UTF8.self).trimmingCharacters(
      in: .whitespacesAndNewlines)
    let parts = text.split(separator: "\t", maxSplits: 1).map(String.init)
    if parts.count == 2, let kind = TransportFailure.Kind(rawValue: parts[0]) {
      return TransportFailure(kind: kind, detail: parts[1])
    }
    return TransportFailure(
      kind: .noConnection, detail: text.isEmpty ? "the network helper failed (\(status))" : text)
  }

  /// Splits the helper's output into status, headers and body.
  static func parse(_ data: Data) throws -> HTTPResponse {
    let bytes = [UInt8](data)
    guard
      let end = bytes.indices.first(where: {
        bytes[$0] == 10 && $0 + 1 < bytes.count && bytes[$0 + 1] == 10
      })
        ?? (bytes.last == 10 ? bytes.count - 1 : nil)
    else {
      throw TransportFailure(kind: .badResponse, detail: "the network helper's answer is cut short")
    }
    let head = String(decoding: bytes[..<end], as: UTF8.self).split(separator: "\n")
    guard let statusLine = head.first, statusLine.hasPrefix("HTTP "),
      let status = Int(statusLine.dropFirst(5))
    else {
      throw TransportFailure(
        kind: .badResponse, detail: "the network helper's answer has no status")
    }
    var headers: [String: String] = [:]
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(
        in: .whitespaces)
    }
    let bodyStart = min(bytes.count, end + 2)
    return HTTPResponse(status: status, headers: headers, body: Data(bytes[bodyStart...]))
  }
}
