import ShelfCatalog
import ShelfTerminal

/// What `find` asked for: the words and ages the catalog matches, and the list request its
/// results are arranged by. The catalog carries out what it can itself (`--sort name|price|age|
/// relevance`, `--price`, and `--limit` when nothing is done after it); `--kind` and
/// `--reverse` are done on its results.
public struct Search: Hashable, Sendable, CustomStringConvertible {
  public let text: String
  public let minimumAge: Int?
  public let maximumAge: Int?
  public let request: ListRequest
  /// `--fuzzy`: near spellings are listed however many other matches there are.
  public let fuzzy: Bool

  public init(
    text: String, minimumAge: Int? = nil, maximumAge: Int? = nil, request: ListRequest,
    fuzzy: Bool = false
  ) {
    self.text = text
    self.minimumAge = minimumAge
    self.maximumAge = maximumAge
    self.request = request
    self.fuzzy = fuzzy
  }

  /// The same words with another list request.
  func with(_ request: ListRequest) -> Search {
    Search(
      text: text, minimumAge: minimumAge, maximumAge: maximumAge, request: request, fuzzy: fuzzy)
  }

  /// Whether anything is left to do on the catalog's results.
  var arrangesResults: Bool {
    request.reverse || request.filters.contains { $0.kind == .kind || $0.kind == .fits }
  }

  /// The query the catalog runs.
  var query: CatalogQuery {
    var options = request.catalogOptions
    if arrangesResults { options.limit = nil }
    var query = CatalogQuery(
      text: text, minimumAge: minimumAge, maximumAge: maximumAge, options: options)
    query.fuzzy = fuzzy
    return query
  }

  /// The words and ages searched for, the words quoted as typed (control characters shown
  /// escaped): `"bear" ages 3-6`.
  var words: String {
    CatalogQuery(
      text: TerminalText.showingControls(text), minimumAge: minimumAge, maximumAge: maximumAge
    ).description
  }

  /// What the list request did besides the ages: `priced 5.00-20.00, by price`.
  var arranged: String {
    var parts = request.filters.filter { $0.kind != .age }.map(\.phrase)
    if let sort = request.sort { parts.append("by \(sort)") }
    if request.reverse { parts.append("reversed") }
    return parts.joined(separator: ", ")
  }

  /// How the search reads back: `"bear" ages 3-6, by price, first 2`.
  public var description: String {
    summary(words: words)
  }

  /// Columns of the words the prompt shows before it cuts them (`"lantern sna…"`).
  static let promptWordsWidth = 12

  /// How the search reads in the prompt: as `description`, its words cut short and with their
  /// control characters shown escaped (the prompt holds only printable text).
  var promptDescription: String {
    let shown = DisplayWidth.truncate(
      TerminalText.showingControls(text), to: Self.promptWordsWidth)
    return summary(
      words: CatalogQuery(text: shown, minimumAge: minimumAge, maximumAge: maximumAge).description)
  }

  private func summary(words: String) -> String {
    var parts = [words]
    if !arranged.isEmpty { parts.append(arranged) }
    if fuzzy { parts.append("near spellings too") }
    if let limit = request.limit { parts.append("first \(limit)") }
    return parts.joined(separator: ", ")
  }
}

extension ListRequest {
  /// The request as the catalog's stored orders carry it out (`--sort name|price|age`,
  /// `--price`, `--limit`); nil when it asks for more (`--reverse`, `--sort id`, another
  /// filter).
  var storedOrderOptions: ListOptions? {
    guard !reverse, sort.map({ ["name", "price", "age"].contains($0) }) ?? true,
      filters.allSatisfy({ $0.kind == .price })
    else { return nil }
    return catalogOptions
  }

  /// This request with what `other` asks for on top (`ls --sort price` on find results).
  func replacing(with other: ListRequest) -> ListRequest {
    var merged = self
    if let sort = other.sort { merged.sort = sort }
    if other.reverse { merged.reverse.toggle() }
    if let limit = other.limit { merged.limit = limit }
    merged.filters += other.filters
    return merged
  }
}
