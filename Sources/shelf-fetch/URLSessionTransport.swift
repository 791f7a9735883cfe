import Foundation
import ShelfTV

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// GETs with URLSession: an ephemeral session without a cache. Used by the `shelf-fetch`
/// helper and by the tests; the shell itself goes through the helper.
public final class URLSessionTransport: HTTPTransport, @unchecked Sendable {
  private let lock = NSLock()
  /// One session per timeout: on Linux only the configuration's timeout is honoured, not the
  /// request's.
  private var sessions: [TimeInterval: URLSession] = [:]

  public init() {}

  deinit {
    for session in sessions.values { session.invalidateAndCancel() }
  }

  private func session(timeout: TimeInterval) -> URLSession {
    lock.lock()
    defer { lock.unlock() }
    if let session = sessions[timeout] { return session }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = max(60, timeout * 4)
    configuration.httpAdditionalHeaders = [
      "Accept": "application/json",
      "User-Agent": "shelf (TVmaze client)",
    ]
    let session = URLSession(configuration: configuration)
    sessions[timeout] = session
    return session
  }

  public func get(_ url: URL, timeout: TimeInterval) throws -> HTTPResponse {
    var request = URLRequest(
      url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
    request.httpMethod = "GET"
    let outcome = TaskOutcome()
    let done = DispatchSemaphore(value: 0)
    let task = session(timeout: timeout).dataTask(with: request) { data, response, error in
      outcome.set(data: data, response: response, error: error)
      done.signal()
    }
    task.resume()
    // URLSession always calls back; the extra margin only guards against a stuck transfer.
    if done.wait(timeout: .now() + max(60, timeout * 4) + 5) == .timedOut {
      task.cancel()
      throw TransportFailure(kind: .timedOut, detail: "no answer")
    }
    let (data, response, error) = outcome.get()
    if let error { throw Self.failure(error, url: url) }
    guard let http = response as? HTTPURLResponse else {
      throw TransportFailure(kind: .badResponse, detail: "a non-HTTP answer")
    }
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      headers[String(describing: name)] = String(describing: value)
    }
    return HTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data())
  }

  private static func failure(_ error: Error, url: URL) -> TransportFailure {
    let code: URLError.Code
    if let urlError = error as? URLError {
      code = urlError.code
    } else {
      let nsError = error as NSError
      guard nsError.domain == NSURLErrorDomain else {
        return TransportFailure(kind: .noConnection, detail: error.localizedDescription)
      }
      code = URLError.Code(rawValue: nsError.code) ?? .unknown
    }
    let host = url.host ?? url.absoluteString
    switch code {
    case .timedOut:
      return TransportFailure(kind: .timedOut, detail: "no answer")
    case .cannotConnectToHost:
      return TransportFailure(kind: .noConnection, detail: "connection refused")
    case .cannotFindHost, .dnsLookupFailed:
      return TransportFailure(kind: .noConnection, detail: "host \(host) not found")
    case .notConnectedToInternet:
      return TransportFailure(kind: .noConnection, detail: "not connected to the internet")
    case .networkConnectionLost:
      return TransportFailure(kind: .noConnection, detail: "the connection was lost")
    case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData,
      .cannotDecodeContentData, .zeroByteResource:
      return TransportFailure(kind: .badResponse, detail: "an invalid HTTP answer")
    default:
      return TransportFailure(kind: .noConnection, detail: error.localizedDescription)
    }
  }
}

/// The result of one data task, handed from URLSession's delegate queue to the waiting caller.
private final class TaskOutcome: @unchecked Sendable {
  private let lock = NSLock()
  private var data: Data?
  private var response: URLResponse?
  private var error: Error?

  func set(data: Data?, response: URLResponse?, error: Error?) {
    lock.lock()
    defer { lock.unlock() }
    self.data = data
    self.response = response
    self.error = error
  }

  func get() -> (Data?, URLResponse?, Error?) {
    lock.lock()
    defer { lock.unlock() }
    return (data, response, error)
  }
}
