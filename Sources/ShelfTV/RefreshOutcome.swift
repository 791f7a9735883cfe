/// What a `refresh` did to the show store.
public struct RefreshOutcome: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    /// No full index yet: the first page was fetched and merged.
    case firstPage
    /// `refresh --all` (or a plain refresh whose last sync is older than a month).
    case fullPass
    /// `GET /updates/shows` and the shows it named, plus the pages past the highest id.
    case incremental(UpdateWindow)
  }

  public var kind: Kind
  /// Shows that were not in the store before.
  public var new = 0
  /// Shows whose stored data changed.
  public var updated = 0
  /// Shows in the store that this refresh left as they were.
  public var unchanged = 0
  /// Entries skipped for lacking a required field (or, for `/shows/ID`, a show gone).
  public var skipped = 0
  /// Shows received from TVmaze.
  public var fetched = 0
  /// Shows in the store afterwards.
  public var total = 0
  /// For a full pass: the page it goes on from next time when it stopped before the end
  /// (`--max-pages`, the page cap); nil when it reached the end.
  public var nextPage: Int?

  public init(kind: Kind) {
    self.kind = kind
  }
}
