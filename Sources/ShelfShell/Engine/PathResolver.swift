import ShelfSearch

/// Turns a typed path into a screen: absolute (`/toys/Dolls`) or relative (`Dolls`, `../..`),
/// with segments matched case-insensitively and `-` standing for a space.
struct PathResolver {
  let places: any PlaceDirectory

  func resolve(_ path: String, from current: Location) throws -> Location {
    var location = path.hasPrefix("/") ? Location.home : current
    var walked = path.hasPrefix("/") ? "" : (current == .home ? "" : current.path)
    if path == "~" { return .home }
    for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
      switch segment {
      case ".":
        continue
      case "..":
        location = location.parent
        walked = location == .home ? "" : location.path
      default:
        location = try child(String(segment), of: location, walked: walked)
        walked = location.path
      }
    }
    return location
  }

  private func child(_ segment: String, of location: Location, walked: String) throws -> Location {
    let entries = try places.children(of: location, matching: segment)
    let shownPath = walked + "/" + segment
    if let unlisted = places.unlistedChild(segment, of: location, among: entries) {
      return unlisted
    }
    if entries.isEmpty {
      throw ShellError.noSuchScreen(
        path: shownPath, reason: "\(location.path) has nothing below it")
    }
    if let item = entries.first(where: { $0.segment == segment }) { return item.location }
    let key = SearchKey.name(segment)
    let exact = entries.filter { SearchKey.name($0.name) == key }
    if exact.count == 1 { return exact[0].location }
    let slug = SearchKey.slug(segment)
    let bySlug = entries.filter { SearchKey.slug($0.name) == slug }
    if bySlug.count == 1, !slug.isEmpty { return bySlug[0].location }
    if key == "favourites", location == .home { return .favorites }
    let prefixed = entries.filter { SearchKey.name($0.name).hasPrefix(key) }
    if prefixed.count == 1, entries.first?.isItem == true { return prefixed[0].location }
    throw ShellError.noSuchScreen(
      path: shownPath, reason: reason(for: segment, in: entries, at: location))
  }

  private func reason(for segment: String, in entries: [Entry], at location: Location) -> String {
    let kind = entries.first?.isItem == true ? "item" : "entry"
    let names = entries.prefix(200).map(\.name)
    if let nearest = EditDistance.nearest(to: segment, among: names) {
      // Suggest a form that can be typed as it is.
      let typeable = Tokenizer.escape(nearest) == nearest ? nearest : SearchKey.slug(nearest)
      return "\(location.path) has no \(kind) \"\(segment)\"; did you mean \"\(typeable)\"?"
    }
    return "\(location.path) has no \(kind) \"\(segment)\""
  }
}
