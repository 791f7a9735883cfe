import ShelfStore

/// What the viewer's tracking files say, read for a screen or a command.
extension Library {
  /// Spoiler-safe mode: the viewer's `spoilers hide|show`, else the config file's choice.
  func spoilerShield() throws -> SpoilerShield {
    switch try userData.tracking.read().spoilers {
    case "hide": SpoilerShield(hides: true)
    case "show": .off
    default: SpoilerShield(hides: hidesSpoilersByDefault)
    }
  }

  /// Statuses, ratings and marks read once, for a screen or a command.
  func trackingFacts(
    favorites: FavoritesDocument? = nil, watched: WatchedDocument? = nil,
    tracking: TrackingDocument? = nil
  ) throws -> TrackingFacts {
    TrackingFacts(
      document: try tracking ?? userData.tracking.read(),
      watched: try watched ?? userData.watched.read(),
      favorites: Set(try (favorites ?? self.favorites()).shows.map(\.id)), now: now())
  }
}
