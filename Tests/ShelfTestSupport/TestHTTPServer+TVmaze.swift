import Foundation

extension TestHTTPServer {
  /// Serves a show as TVmaze does: `/shows/ID`, `/shows/ID?embed=episodes` (the show with its
  /// episodes under `_embedded`), `/shows/ID/episodes`, and `/shows/ID/episodes?specials=1`
  /// (the episodes and the specials, which have no number).
  public func routeShow(
    _ show: [String: Any], episodes: [[String: Any]], specials: [[String: Any]] = []
  )
    throws
  {
    guard let id = show["id"] as? Int else { return }
    route("/shows/\(id)", always: .json(try JSONSerialization.data(withJSONObject: show)))
    var embedded = show
    embedded["_embedded"] = ["episodes": episodes]
    route(
      "/shows/\(id)?embed=episodes",
      always: .json(try JSONSerialization.data(withJSONObject: embedded)))
    route(
      "/shows/\(id)/episodes", always: .json(try JSONSerialization.data(withJSONObject: episodes)))
    route(
      "/shows/\(id)/episodes?specials=1",
      always: .json(try JSONSerialization.data(withJSONObject: episodes + specials)))
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
