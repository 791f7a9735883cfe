import Foundation

/// An answer to a GET: status, headers (names in lower case) and body.
public struct HTTPResponse: Sendable, Equatable {
  public var status: Int
  public var headers: [String: String]
  public var body: Data

  public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
    self.status = status
    self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
    self.body = body
  }
}

/// Why a GET got no HTTP answer at all.
public struct TransportFailure: Error, Sendable, Equatable {
  public enum Kind: String, Sendable { case timedOut, noConnection, badResponse }

  public var kind: Kind
  public var detail: String

  public init(kind: Kind, detail: String) {
    self.kind = kind
    self.detail = detail
  }
}

/// Performs HTTP GETs. The shell does it through the `shelf-fetch` helper (`ProcessTransport`)
/// so that the program itself does not load the networking libraries at start-up; the helper
/// and the tests use URLSession directly (`URLSessionTransport` in the
/// `shelf-fetch` target).
public protocol HTTPTransport: Sendable {
  /// Throws `TransportFailure` when there is no HTTP answer within `timeout` seconds.
  func get(_ url: URL, timeout: TimeInterval) throws -> HTTPResponse
}
