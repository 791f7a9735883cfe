import Foundation

/// What shelf and its network helper `shelf-fetch` say to each other over the helper's stdin
/// and stdout. Several requests may be under way at once; answers come in any order.
///
/// - A request is one line: `<id> <timeout in ms> <url>\n` (the URL is percent-encoded, so it
///   has no space or line break).
/// - An answer is a line `<id> <kind> <length>\n` followed by exactly `length` bytes. For the
///   kind `ok` they are `<status>\n`, header lines `name: value\n`, a blank line and the body;
///   for a failure (`timedOut`, `noConnection`, `badResponse`) the detail in UTF-8.
public enum HelperProtocol {
  /// The longest answer accepted (a poster or a page of the show index is far smaller).
  public static let maximumLength = 64 << 20
  /// The longest line that can start an answer.
  static let maximumHeadLine = 64

  public struct Request: Equatable, Sendable {
    public var id: Int
    public var timeout: TimeInterval
    public var url: String

    public init(id: Int, timeout: TimeInterval, url: String) {
      self.id = id
      self.timeout = timeout
      self.url = url
    }

    /// The request line, or nil when the URL cannot travel on one line.
    public var line: Data? {
      guard !url.isEmpty, !url.contains(where: { $0 == " " || $0.isNewline }) else { return nil }
      let milliseconds = max(1, Int((timeout * 1000).rounded(.up)))
      return Data("\(id) \(milliseconds) \(url)\n".utf8)
    }

    /// Reads a request line (without its line break).
    public init?(line: String) {
      let parts = line.split(separator: " ", omittingEmptySubsequences: false)
      guard parts.count == 3, let id = Int(parts[0]), let milliseconds = Int(parts[1]),
        milliseconds > 0, !parts[2].isEmpty
      else { return nil }
      self.init(id: id, timeout: TimeInterval(milliseconds) / 1000, url: String(parts[2]))
    }
  }

  public struct Answer: Equatable, Sendable {
    public var id: Int
    public var result: Result<HTTPResponse, TransportFailure>

    public init(id: Int, result: Result<HTTPResponse, TransportFailure>) {
      self.id = id
      self.result = result
    }

    /// The answer as it travels.
    public var encoded: Data {
      let kind: String
      var payload = Data()
      switch result {
      case .success(let response):
        kind = "ok"
        var head = "\(response.status)\n"
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key })
        where !(name + value).contains(where: \.isNewline) {
          head += "\(name): \(value)\n"
        }
        payload = Data((head + "\n").utf8) + response.body
      case .failure(let failure):
        kind = failure.kind.rawValue
        payload = Data(failure.detail.utf8)
      }
      return Data("\(id) \(kind) \(payload.count)\n".utf8) + payload
    }
  }

  /// Takes the first complete answer off the front of `buffer`; nil when more bytes are needed.
  /// Throws `TransportFailure.badResponse` when the bytes are not an answer at all.
  public static func takeAnswer(from buffer: inout [UInt8]) throws -> Answer? {
    let scanned = buffer.prefix(maximumHeadLine)
    guard let newline = scanned.firstIndex(of: 10) else {
      if buffer.count >= maximumHeadLine { throw garbage }
      return nil
    }
    let parts = String(decoding: buffer[..<newline], as: UTF8.self).split(separator: " ")
    guard parts.count == 3, let id = Int(parts[0]), let length = Int(parts[2]),
      (0...maximumLength).contains(length)
    else { throw garbage }
    let start = newline + 1
    guard buffer.count - start >= length else { return nil }
    let payload = Array(buffer[start..<start + length])
    buffer.removeFirst(start + length)
    if parts[1] == "ok" {
      return Answer(id: id, result: .success(try response(from: payload)))
    }
    guard let kind = TransportFailure.Kind(rawValue: String(parts[1])) else { throw garbage }
    let detail = String(decoding: payload, as: UTF8.self)
    return Answer(id: id, result: .failure(TransportFailure(kind: kind, detail: detail)))
  }

  private static func response(from payload: [UInt8]) throws -> HTTPResponse {
    var headEnd: Int?
    var index = 0
    while index + 1 < payload.count {
      if payload[index] == 10 && payload[index + 1] == 10 {
        headEnd = index
        break
      }
      index += 1
    }
    guard let headEnd else { throw garbage }
    let lines = String(decoding: payload[..<headEnd], as: UTF8.self).split(separator: "\n")
    guard let first = lines.first, let status = Int(first), (100...999).contains(status) else {
      throw garbage
    }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[String(line[..<colon])] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    return HTTPResponse(status: status, headers: headers, body: Data(payload[(headEnd + 2)...]))
  }

  static var garbage: TransportFailure {
    TransportFailure(kind: .badResponse, detail: "the network helper sent an unreadable answer")
  }
}
