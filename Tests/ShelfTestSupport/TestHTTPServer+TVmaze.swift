import Foundation

/// The answers TVmaze gives about one show, made once: a test class with many shows keeps
/// them in a static and serves them to each test's server (`route(_:)`).
public struct ShowRoutes: Sendable {
  let bodies: [(target: String, json: Data)]

  /// `/shows/ID`, `/shows/ID?embed=episodes` (the show with its episodes under `_embedded`),
  /// `/shows/ID/episodes`, and `/shows/ID/episodes?specials=1` (the episodes and the
  /// specials, which have no number).
  public init(
    _ show: [String: Any], episodes: [[String: Any]], specials: [[String: Any]] = []
  ) throws {
    guard let id = show["id"] as? Int else {
      bodies = []
      return
    }
    var embedded = show
    embedded["_embedded"] = ["episodes": episodes]
    bodies = [
      ("/shows/\(id)", try JSONSerialization.data(withJSONObject: show)),
      ("/shows/\(id)?embed=episodes", try JSONSerialization.data(withJSONObject: embedded)),
      ("/shows/\(id)/episodes", try JSONSerialization.data(withJSONObject: episodes)),
      (
        "/shows/\(id)/episodes?specials=1",
        try JSONSerialization.data(withJSONObject: episodes + specials)
      ),
    ]
  }
}

extension TestHTTPServer {
  /// Serves a show as TVmaze does (`ShowRoutes`).
  public func routeShow(
    _ show: [String: Any], episodes: [[String: Any]], specials: [[String: Any]] = []
  )
    throws
  {
    route(try ShowRoutes(show, episodes: episodes, specials: specials))
  }

  /// Serves the answers about one show made beforehand.
  public func route(_ routes: ShowRoutes) {
    for body in routes.bodies { route(body.target, always: .json(body.json)) }
  }

  /// Answers `/search/shows?q=TEXT` (TEXT percent-encoded as the client sends it) with these
  /// shows, best first.
  public func routeSearch(_ text: String, shows: [[String: Any]]) throws {
    var allowed = CharacterSet(charactersIn: "-._~")
    allowed.formUnion(
      CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"))
    let query = text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    let results = shows.enumerated().map { index, show in
      ["score": 1.0 - Double(index) / 10, "show": show] as [String: Any]
    }
    route(
      "/search/shows?q=\(query)",
      always: .json(try JSONSerialization.data(withJSONObject: results)))
  }
}
