/// A call to the TVmaze API that did not give a usable answer.
///
/// Every case is a fetch failure: the shell answers each with the retry dialog (or, in a
/// script, an error line). `description` is the one-line message a user reads; `detail` is
/// the case-specific part of it (the timeout, the cause of a failed connection, the HTTP
/// reason phrase, what was wrong with the JSON).
public struct TVMazeError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Kind: Equatable, Sendable {
    /// No answer within the client's timeout.
    case timedOut
    /// The server could not be reached (refused, host not found, offline, connection lost).
    case noConnection
    /// A non-2xx status other than 429 (and other than 404 where 404 has a meaning).
    case httpStatus(Int)
    /// HTTP 429 twice in a row, or a `Retry-After` longer than the client waits.
    case rateLimited(retryAfter: Int?)
    /// A 2xx answer whose body is not what the endpoint returns (malformed or truncated JSON).
    case badResponse
  }

  public var kind: Kind
  /// The URL that was requested.
  public var url: String
  public var detail: String

  public init(kind: Kind, url: String, detail: String = "") {
    self.kind = kind
    self.url = url
    self.detail = detail
  }

  /// Always true: every TVmaze error is a failure to fetch, which a retry may fix.
  public var isFetchFailure: Bool { true }

  public var description: String {
    switch kind {
    case .timedOut:
      let within = detail.isEmpty ? "" : " within \(detail)"
      return "TVmaze did not answer\(within) (\(url))"
    case .noConnection:
      return "cannot reach TVmaze: \(detail.isEmpty ? "no connection" : detail)"
    case .httpStatus(let status):
      return "TVmaze answered HTTP \(status)"
    case .rateLimited(let retryAfter?):
      return "TVmaze rate limit: retry after \(retryAfter) s"
    case .rateLimited(nil):
      return "TVmaze rate limit: try again later"
    case .badResponse:
      return "TVmaze sent \(detail.isEmpty ? "a malformed response" : detail)"
    }
  }
}
