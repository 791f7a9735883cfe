import Foundation
import ShelfDomain

/// A synchronous client for the TVmaze API (https://www.tvmaze.com/api).
///
/// Each call blocks the calling thread until the answer is in, the request times out or the
/// connection fails, and throws a `TVMazeError` for every failure. Calls are paced on the
/// client side to TVmaze's limit of 20 calls per 10 s; an HTTP 429 is honoured by waiting
/// `Retry-After` seconds (at most 30) and retrying once. Redirects are followed here, not by
/// the transport, so that the request a redirect leads to is paced like any other (TVmaze
/// answers `/lookup/shows` with a 301 to the show).
///
/// TVmaze data is licensed CC BY-SA 4.0 ("Data provided by TVmaze.com").
public final class TVMazeClient: @unchecked Sendable {
  /// The API's address, used when `$SHELF_TVMAZE_URL` is not set.
  public static let defaultBaseURL = "https://api.tvmaze.com"
  /// The longest `Retry-After` the client waits for before retrying a 429 once.
  public static let maximumRetryAfter = 30
  /// The wait before retrying a 429 that came without a usable `Retry-After`.
  static let defaultRetryAfter = 2
  /// The most redirects one call follows.
  static let maximumRedirects = 5

  public let baseURL: URL
  public let timeout: TimeInterval

  private let transport: HTTPTransport
  private let clock: TVMazeClock
  private let lock = NSLock()
  private var pacer: CallPacer

  /// - Parameters:
  ///   - baseURL: the API root, e.g. `https://api.tvmaze.com` (see `baseURL(environment:)`).
  ///   - transport: what performs the GETs (the `shelf-fetch` helper, or URLSession in tests).
  ///   - timeout: seconds without an answer after which a request fails with `.timedOut`.
  ///   - clock: the time source and sleeper used for pacing and `Retry-After`.
  ///   - pacingWindow: the seconds in which 20 calls may go (TVmaze's 10; see `pacingWindow`).
  public init(
    baseURL: URL, transport: HTTPTransport, timeout: TimeInterval = 15,
    clock: TVMazeClock = .system, pacingWindow: TimeInterval = 10
  ) {
    self.baseURL = baseURL
    self.transport = transport
    self.timeout = timeout
    self.clock = clock
    self.pacer = CallPacer(limit: 20, window: pacingWindow)
  }

  /// TVmaze's window of 20 calls, 10 s; `$SHELF_TVMAZE_PACE` (seconds) replaces it for a server
  /// on this machine only (a stand-in, in benchmarks), never for another host.
  public static func pacingWindow(environment: [String: String], baseURL: URL) -> TimeInterval {
    let loopback = ["127.0.0.1", "localhost", "::1", "[::1]"].contains(baseURL.host ?? "")
    guard loopback, let text = environment["SHELF_TVMAZE_PACE"], let seconds = Double(text),
      seconds >= 0, seconds < 10
    else { return 10 }
    return seconds
  }

  /// `$SHELF_TVMAZE_URL` when it is set to an absolute http(s) URL, else the public API.
  public static func baseURL(environment: [String: String]) -> URL {
    if let value = environment["SHELF_TVMAZE_URL"]?.trimmingCharacters(in: .whitespaces),
      let url = URL(string: value),
      let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      url.host != nil
    {
      return url
    }
    return URL(string: defaultBaseURL)!
  }

  /// `$SHELF_TVMAZE_URL` when it is set, else the public API. A value that is not an absolute
  /// http(s) URL is an error naming the variable (the shell reports it at start-up).
  public static func configuredBaseURL(environment: [String: String]) throws -> URL {
    guard let raw = environment["SHELF_TVMAZE_URL"] else { return baseURL(environment: [:]) }
    let value = raw.trimmingCharacters(in: .whitespaces)
    if value.isEmpty { return baseURL(environment: [:]) }
    guard let url = URL(string: value), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host?.isEmpty == false
    else { throw ConfigurationError(variable: "SHELF_TVMAZE_URL", value: raw) }
    return url
  }

  // MARK: - Endpoints

  /// `GET /shows?page=N` for the show store: the shows of the page that decode, and how many
  /// were skipped for lacking a required field (`id`, `name`) or having one of the wrong
  /// type; nil for a page past the end (HTTP 404). A document that is not a JSON array
  /// (malformed, truncated) is a `.badResponse` error.
  public func indexPage(_ page: Int) throws -> ShowPage? {
    let url = endpoint("/shows?page=\(page)")
    let (data, status) = try get(url, paced: true)
    if status == 404 { return nil }
    try requireSuccess(status, url: url)
    let entries = try decode(url) { try JSONDecoder().decode([LenientShow].self, from: data) }
    let shows = entries.compactMap(\.show)
    return ShowPage(shows: shows, skipped: entries.count - shows.count)
  }

  /// `GET /updates/shows?since=day|week|month`: the shows changed in that window, each with
  /// its `updated` stamp.
  public func updatedShows(since window: UpdateWindow) throws -> [Int: Int] {
    let url = endpoint("/updates/shows?since=\(window.rawValue)")
    let (data, status) = try get(url, paced: true)
    try requireSuccess(status, url: url)
    let stamps = try decode(url) { try JSONDecoder().decode([String: Int].self, from: data) }
    var result: [Int: Int] = [:]
    for (key, stamp) in stamps {
      if let id = Int(key) { result[id] = stamp }
    }
    return result
  }

  /// `GET /shows?page=N`: one page of the show index (up to 250 shows), or nil for a page
  /// past the end (HTTP 404).
  public func showsPage(_ page: Int) throws -> [Show]? {
    let url = endpoint("/shows?page=\(page)")
    let (data, status) = try get(url, paced: true)
    if status == 404 { return nil }
    try requireSuccess(status, url: url)
    return try decode(url) { try ShowList.decode(data) }
  }

  /// `GET /search/shows?q=TEXT`: the shows whose name matches, best first.
  public func searchShows(_ text: String) throws -> [ShowSearchResult] {
    let url = endpoint("/search/shows?q=\(Self.percentEncoded(text))")
    let (data, status) = try get(url, paced: true)
    try requireSuccess(status, url: url)
    return try decode(url) { try JSONDecoder().decode([ShowSearchResult].self, from: data) }
  }

  /// `GET /shows/ID`: one show.
  public func show(id: Int) throws -> Show {
    let url = endpoint("/shows/\(id)")
    let (data, status) = try get(url, paced: true)
    try requireSuccess(status, url: url)
    return try decode(url) { try JSONDecoder().decode(Show.self, from: data) }
  }

  /// The external ids `lookupShow` takes.
  public enum ExternalID: Sendable, Equatable {
    case imdb(String)
    case thetvdb(Int)
  }

  /// `GET /lookup/shows?imdb=ID` (or `?thetvdb=ID`): the show TVmaze knows by that id (its
  /// answer is a 301 to the show, followed as a second paced request); nil when it knows none
  /// (404).
  public func lookupShow(_ id: ExternalID) throws -> Show? {
    let url = lookupURL(id)
    let (data, status) = try get(url, paced: true)
    if status == 404 { return nil }
    try requireSuccess(status, url: url)
    return try decode(url) { try JSONDecoder().decode(Show.self, from: data) }
  }

  /// A show and its numbered episodes, fetched in one call (`embed=episodes`).
  public struct ShowAndEpisodes: Sendable {
    public var show: Show
    public var episodes: [Episode]
  }

  /// `GET /shows/ID?embed=episodes`: the show and its episodes in one call.
  public func showWithEpisodes(id: Int) throws -> ShowAndEpisodes {
    let url = endpoint("/shows/\(id)?embed=episodes")
    let (data, status) = try get(url, paced: true)
    try requireSuccess(status, url: url)
    return try decode(url) { try JSONDecoder().decode(EmbeddedEpisodes.self, from: data).value }
  }

  /// `lookupShow`, with the show the 301 leads to fetched with its episodes embedded
  /// (`/shows/ID?embed=episodes`): a show and its episodes in two calls instead of three.
  public func lookupShowWithEpisodes(_ id: ExternalID) throws -> ShowAndEpisodes? {
    let url = lookupURL(id)
    let (data, status) = try get(url, paced: true) { location in
      guard var components = URLComponents(url: location, resolvingAgainstBaseURL: true) else {
        return location
      }
      let items = components.queryItems ?? []
      components.queryItems = items + [URLQueryItem(name: "embed", value: "episodes")]
      return components.url ?? location
    }
    if status == 404 { return nil }
    try requireSuccess(status, url: url)
    return try decode(url) { try JSONDecoder().decode(EmbeddedEpisodes.self, from: data).value }
  }

  private func lookupURL(_ id: ExternalID) -> URL {
    switch id {
    case .imdb(let imdb): endpoint("/lookup/shows?imdb=\(Self.percentEncoded(imdb))")
    case .thetvdb(let tvdb): endpoint("/lookup/shows?thetvdb=\(tvdb)")
    }
  }

  /// `GET /shows/ID/episodes`: every numbered episode of a show, in airing order; with
  /// `specials`, `?specials=1`: the specials too (in the season they aired in, without a
  /// number).
  public func episodes(showID: Int, specials: Bool = false) throws -> [Episode] {
    let url = endpoint("/shows/\(showID)/episodes" + (specials ? "?specials=1" : ""))
    let (data, status) = try get(url, paced: true)
    try requireSuccess(status, url: url)
    return try decode(url) { try JSONDecoder().decode([Episode].self, from: data) }
  }

  /// The body of any URL (a poster). Calls to the API's own host are paced like the others;
  /// images come from TVmaze's CDN, which has no such limit.
  public func download(_ url: URL) throws -> Data {
    let (data, status) = try get(url, paced: false)
    try requireSuccess(status, url: url)
    return data
  }

  // MARK: - Requests

  /// Performs a GET, following redirects (each request to the API's host paced; `redirect`
  /// may change where one leads); returns the body and status of the last answer.
  private func get(_ url: URL, paced: Bool, redirect: (URL) -> URL = { $0 }) throws -> (Data, Int) {
    var current = url
    var redirects = 0
    while true {
      let response = try getOnce(current, paced: paced || isAPIHost(current))
      guard [301, 302, 303, 307, 308].contains(response.status) else {
        return (response.body, response.status)
      }
      guard let location = response.headers["location"],
        let next = URL(string: location, relativeTo: current)?.absoluteURL,
        let scheme = next.scheme?.lowercased(), scheme == "http" || scheme == "https"
      else {
        throw TVMazeError(
          kind: .badResponse, url: current.absoluteString,
          detail: "HTTP \(response.status) without a usable Location")
      }
      redirects += 1
      guard redirects <= Self.maximumRedirects else {
        throw TVMazeError(
          kind: .badResponse, url: url.absoluteString,
          detail: "more than \(Self.maximumRedirects) redirects")
      }
      current = redirect(next)
    }
  }

  private func isAPIHost(_ url: URL) -> Bool {
    url.host?.lowercased() == baseURL.host?.lowercased() && url.port == baseURL.port
  }

  /// Performs one GET, pacing it and retrying once after a 429; returns any answer but a 429.
  private func getOnce(_ url: URL, paced: Bool) throws -> HTTPResponse {
    var attempt = 0
    while true {
      attempt += 1
      if paced { waitForTurn() }
      let response = try perform(url)
      guard response.status == 429 else { return response }
      let retryAfter = Self.retryAfter(response.headers["retry-after"])
      if attempt > 1 || (retryAfter ?? 0) > Self.maximumRetryAfter {
        throw TVMazeError(
          kind: .rateLimited(retryAfter: retryAfter), url: url.absoluteString,
          detail: "HTTP 429")
      }
      clock.sleep(TimeInterval(retryAfter ?? Self.defaultRetryAfter))
    }
  }

  /// How long the next call to the API would wait for its turn now: time in which other work
  /// costs nothing (an import writes what it matched then).
  public var delayBeforeNextCall: TimeInterval {
    lock.lock()
    defer { lock.unlock() }
    return pacer.delay(at: clock.now())
  }

  private func waitForTurn() {
    lock.lock()
    let delay = pacer.reserve(at: clock.now())
    lock.unlock()
    if delay > 0 { clock.sleep(delay) }
  }

  private func perform(_ url: URL) throws -> HTTPResponse {
    do {
      return try transport.get(url, timeout: timeout)
    } catch let failure as TransportFailure {
      switch failure.kind {
      case .timedOut: throw timedOut(url)
      case .noConnection:
        throw TVMazeError(kind: .noConnection, url: url.absoluteString, detail: failure.detail)
      case .badResponse:
        throw TVMazeError(kind: .badResponse, url: url.absoluteString, detail: failure.detail)
      }
    }
  }

  private func requireSuccess(_ status: Int, url: URL) throws {
    guard (200..<300).contains(status) else {
      throw TVMazeError(
        kind: .httpStatus(status), url: url.absoluteString,
        detail: Self.reasonPhrases[status] ?? "")
    }
  }

  private func decode<T>(_ url: URL, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as DecodingError {
      throw TVMazeError(
        kind: .badResponse, url: url.absoluteString,
        detail: "malformed JSON: \(Self.describe(error))")
    }
  }

  private func endpoint(_ pathAndQuery: String) -> URL {
    var base = baseURL.absoluteString
    while base.hasSuffix("/") { base.removeLast() }
    return URL(string: base + pathAndQuery)!
  }

  private func timedOut(_ url: URL) -> TVMazeError {
    TVMazeError(kind: .timedOut, url: url.absoluteString, detail: Self.seconds(timeout))
  }

  // MARK: - Helpers

  static let reasonPhrases = [
    400: "bad request", 401: "unauthorized", 403: "forbidden", 404: "not found",
    429: "too many requests", 500: "internal server error", 502: "bad gateway",
    503: "service unavailable", 504: "gateway timeout",
  ]

  /// RFC 3986 percent-encoding of a query value: everything but unreserved characters is
  /// encoded, so `&`, `=`, `+`, `#` and spaces in the text reach the server as text.
  static func percentEncoded(_ text: String) -> String {
    var allowed = CharacterSet(charactersIn: "-._~")
    allowed.formUnion(
      CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"))
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
  }

  /// The seconds of a `Retry-After` header: delta-seconds, or an HTTP date (counted from now).
  static func retryAfter(_ header: String?, now: Date = Date()) -> Int? {
    guard let value = header?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
      return nil
    }
    if let seconds = Int(value) { return max(0, seconds) }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    guard let date = formatter.date(from: value) else { return nil }
    return max(0, Int(date.timeIntervalSince(now).rounded(.up)))
  }

  /// "15 s", "1.5 s".
  static func seconds(_ interval: TimeInterval) -> String {
    if interval == interval.rounded() { return "\(Int(interval)) s" }
    return "\(interval) s"
  }

  /// A short account of what did not decode: "expected String at [3].name".
  static func describe(_ error: DecodingError) -> String {
    func path(_ codingPath: [CodingKey]) -> String {
      let text = codingPath.map { key in
        key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)"
      }.joined()
      return text.hasPrefix(".") ? String(text.dropFirst()) : (text.isEmpty ? "top level" : text)
    }
    switch error {
    case .dataCorrupted(let context):
      var text = context.debugDescription
      if let underlying = context.underlyingError {
        text += " (\((underlying as NSError).localizedDescription))"
      }
      return context.codingPath.isEmpty ? text : "\(text) at \(path(context.codingPath))"
    case .keyNotFound(let key, let context):
      return "missing \"\(key.stringValue)\" at \(path(context.codingPath))"
    case .typeMismatch(let type, let context):
      return "expected \(type) at \(path(context.codingPath))"
    case .valueNotFound(let type, let context):
      return "missing \(type) at \(path(context.codingPath))"
    @unknown default:
      return String(describing: error)
    }
  }
}
