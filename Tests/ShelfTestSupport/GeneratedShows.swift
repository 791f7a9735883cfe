import Foundation

/// Show pages shaped like TVmaze's `GET /shows?page=N` (page N holds ids 250·N to 250·N + 249),
/// made up from a seed so that tests can build stores of thousands of shows and serve them
/// from `TestHTTPServer`. Every show has the fields of the real captures; `updated` is
/// `baseStamp(id)` unless changed. A test changes the shows (a newer stamp, a new id) while
/// the server serves them.
public final class GeneratedShows: @unchecked Sendable {
  public static let pageSize = 250
  private static let genres = [
    "Drama", "Comedy", "Science-Fiction", "Thriller", "Crime", "Romance", "Horror", "Family",
  ]
  private static let words = [
    "Silent", "River", "Harbour", "Falcon", "Winter", "Garden", "Echo", "Summit", "Lantern",
    "Crown", "Meadow", "Signal", "Orbit", "Ember", "Atlas", "Quartz",
  ]

  private let lock = NSLock()
  private var highestID: Int
  private var stamps: [Int: Int] = [:]
  private var names: [Int: String] = [:]

  /// Shows with ids 1 through `count`.
  public init(count: Int) {
    highestID = count
  }

  /// Makes ids up to `count` exist (new shows past the old end).
  public func grow(to count: Int) {
    lock.lock()
    defer { lock.unlock() }
    highestID = count
  }

  /// Gives a show a newer `updated` stamp.
  public func touch(_ id: Int, stamp: Int) {
    lock.lock()
    defer { lock.unlock() }
    stamps[id] = stamp
  }

  public func exists(_ id: Int) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return id >= 1 && id <= highestID
  }

  public static func baseStamp(_ id: Int) -> Int { 1_600_000_000 + id }

  public func stamp(_ id: Int) -> Int {
    lock.lock()
    defer { lock.unlock() }
    return stamps[id] ?? Self.baseStamp(id)
  }

  /// `GET /updates/shows`: every changed show with its stamp, as TVmaze's `{"id": stamp}`.
  public func updates() -> Data {
    lock.lock()
    let changed = stamps
    lock.unlock()
    let object = Dictionary(uniqueKeysWithValues: changed.map { (String($0.key), $0.value) })
    return (try? JSONSerialization.data(withJSONObject: object)) ?? Data("{}".utf8)
  }

  /// Gives a show a name of its own (wide characters, a long name).
  public func rename(_ id: Int, to name: String) {
    lock.lock()
    defer { lock.unlock() }
    names[id] = name
  }

  /// A made-up name: two words picked from the id, and the id.
  public func name(_ id: Int) -> String {
    lock.lock()
    let given = names[id]
    lock.unlock()
    if let given { return given }
    let first = Self.words[id % Self.words.count]
    let second = Self.words[(id / Self.words.count) % Self.words.count]
    return "\(first) \(second) \(id)"
  }

  /// One show as a JSON object, with the fields and shapes of the real captures (written as
  /// text: generating thousands through JSONSerialization is slow in debug builds).
  public func showJSON(_ id: Int) -> String {
    let genre = Self.genres[id % Self.genres.count]
    let second = Self.genres[(id / 8) % Self.genres.count]
    let name = Self.quoted(name(id))
    let rating = Double(id % 90) / 10 + 1
    return """
      {"id":\(id),"url":"https://www.tvmaze.com/shows/\(id)/show-\(id)","name":\(name),\
      "type":"Scripted","language":"English","genres":["\(genre)","\(second)"],\
      "status":"\(id % 3 == 0 ? "Running" : "Ended")","runtime":60,"averageRuntime":60,\
      "premiered":"2013-06-24","ended":null,"officialSite":null,\
      "schedule":{"time":"22:00","days":["Thursday"]},"rating":{"average":\(rating)},\
      "weight":\(id % 100),"network":{"id":2,"name":"CBS","country":{"name":"United States",\
      "code":"US","timezone":"America/New_York"}},"webChannel":null,\
      "externals":{"tvrage":null,"thetvdb":\(id),"imdb":"tt\(1_000_000 + id)"},\
      "image":{"medium":"https://static.tvmaze.com/uploads/images/medium_portrait/0/\(id).jpg",\
      "original":"https://static.tvmaze.com/uploads/images/original_untouched/0/\(id).jpg"},\
      "summary":\(Self.quoted("<p><b>\(self.name(id))</b> follows a \(genre.lowercased()) story number \(id).</p>")),\
      "updated":\(stamp(id)),"_links":{"self":{"href":"https://api.tvmaze.com/shows/\(id)"}}}
      """
  }

  private static func quoted(_ text: String) -> String {
    "\""
      + text.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  public func ids(onPage page: Int) -> [Int] {
    (page * Self.pageSize..<(page + 1) * Self.pageSize).filter(exists)
  }

  /// The JSON of page `page`, or nil when it has no show (the API answers 404).
  public func page(_ page: Int) -> Data? {
    let ids = ids(onPage: page)
    guard !ids.isEmpty else { return nil }
    return Data(("[" + ids.map(showJSON).joined(separator: ",") + "]").utf8)
  }

  /// `GET /shows/ID`.
  public func show(_ id: Int) -> Data? {
    guard exists(id) else { return nil }
    return Data(showJSON(id).utf8)
  }

  /// Routes `/shows?page=N` for pages below `pages` (404 when a page has no show),
  /// `/shows/ID` for their ids and `/updates/shows?since=day|week|month` on `server`; answers
  /// reflect the shows at the time of each request.
  public func serve(on server: TestHTTPServer, pages: Int) {
    for page in 0..<pages {
      server.route("/shows?page=\(page)") { [self] _ in
        guard let body = self.page(page) else { return .status(404) }
        return .json(body)
      }
    }
    for id in 1..<(pages * Self.pageSize) {
      server.route("/shows/\(id)") { [self] _ in
        guard let body = show(id) else { return .status(404) }
        return .json(body)
      }
    }
    for window in ["day", "week", "month"] {
      server.route("/updates/shows?since=\(window)") { [self] _ in .json(updates()) }
    }
  }
}
