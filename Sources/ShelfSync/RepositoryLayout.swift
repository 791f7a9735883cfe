/// Where the household's repository keeps each document: the household's at the top
/// (`cart.plist`), each person's in `people/ID/` under the lasting id that names them on every
/// device (so a rename moves no file), and `shelf-household`, which says the repository is a
/// shelf household and in which format.
enum RepositoryLayout {
  static let marker = "shelf-household"
  static let format = 1
  static let markerContents = "shelf household\nformat \(format)\n"
  static let peopleFolder = "people"

  static func path(of document: SyncDocument) -> String {
    switch document {
    case .household(let name): name
    case .person(let id, let name): "\(peopleFolder)/\(id)/\(name)"
    }
  }

  /// The document a repository path holds; nil for the marker and anything else.
  static func document(at path: String) -> SyncDocument? {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    if parts.count == 1, parts[0] != marker { return .household(parts[0]) }
    if parts.count == 3, parts[0] == peopleFolder { return .person(id: parts[1], name: parts[2]) }
    return nil
  }

  /// The format a marker's contents name; nil when they are not a marker.
  static func format(ofMarker contents: String) -> Int? {
    let lines = contents.split(separator: "\n")
    guard lines.first == "shelf household", lines.count >= 2, lines[1].hasPrefix("format ")
    else { return nil }
    return Int(lines[1].dropFirst("format ".count))
  }
}
