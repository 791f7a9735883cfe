/// The keys and values of the show store's `meta` table: where the rows came from and how far
/// a full pass got.
enum ShowStoreMeta {
  /// `snapshot` or `api`.
  static let source = "source"
  static let snapshot = "snapshot"
  static let api = "api"
  /// The TVmaze base URL the rows came from.
  static let apiURL = "apiURL"
  /// When the last full pass completed.
  static let fullSync = "fullSync"
  /// Since when the store is known to be current (the start of the last pass or sync).
  static let lastSync = "lastSync"
  /// The page an unfinished full pass goes on from.
  static let nextPage = "nextPage"
  /// When the unfinished full pass started.
  static let passStarted = "passStarted"
}
