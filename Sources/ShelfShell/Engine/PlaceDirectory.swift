import ShelfDomain

/// What each screen contains, as paths, references and completion ask it: the engine's view of
/// the sections (Sections/ answers it: `Places`), so that the engine names no section.
protocol PlaceDirectory {
  /// The entries one path segment below `location`.
  func children(of location: Location) throws -> [Entry]
  /// The entries one segment below `location` that `segment` could name.
  func children(of location: Location, matching segment: String) throws -> [Entry]
  /// The items a screen lists, which `open`, `fav`, `buy`… resolve references against.
  func items(at location: Location) throws -> [Entry]
  /// The items of `scope` that a reference (or path segment) could name.
  func candidates(for reference: String, at scope: Location) throws -> [Entry]
  /// The items of `scope` that Tab could offer for `prefix`.
  func completionItems(at scope: Location, prefix: String) throws -> [Entry]
  /// A catalog list with its completion index; nil for other screens.
  func indexedList(at location: Location) throws -> IndexedList?
  /// A place below `location` that its listing cannot show yet (a season whose episodes were
  /// not fetched).
  func unlistedChild(_ segment: String, of location: Location, among entries: [Entry])
    -> Location?
  /// The entry of an item anywhere (a kind-qualified id, a favourite, a cart line); a saved
  /// item the catalog no longer has is a gone entry.
  func entry(for item: ItemID) throws -> Entry?
}
