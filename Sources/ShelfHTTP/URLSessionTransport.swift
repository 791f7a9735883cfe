import Foundation
import ShelfTV

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// GETs with URLSession: an ephemeral session without a cache that answers a redirect as it
/// is (the client follows it, pacing the second request). Used by the tests; the shell
/// goes through the `shelf-fetch` helper (`ProcessTransport`), which uses libcurl itself: on
/// Linux, FoundationNetworking keeps a socket's write source armed after libcurl only wants to
/// read, so a request to a server that does not answer yet busy-waits (about 80% CPU).
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
    configuration.timeoutIntervalForResource = timeout
    configuration.httpAdditionalHeaders = [
      "Accept": "application/json",
      "User-Agent": "shelf (TVmaze client)",
    ]
    let session = URLSession(
      configuration: configuration, delegate: RedirectRefusal(), delegateQueue: nil)
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
    // One deadline for the whole request: URLSession's own request timeout restarts with each
    // byte, so a server that drips an answer would hold it far longer.
    if done.wait(timeout: .now() + timeout) == .timedOut {
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

/// Declines every redirect, so that the task ends with the 3xx answer itself.
private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }
}
