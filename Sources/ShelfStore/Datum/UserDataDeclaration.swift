import Foundation

/// Every datum a person or the household makes, declared once, file by file (SPEC section 12):
/// its model (the part of its document it is), its file, its export key, its merge rule, and
/// its fate on a rename or a removal of its person. A datum added to a file here is exported,
/// imported, merged by sync and released or kept by `profile rm` with no other edit.
public enum UserDataDeclaration {
  public static let files: [DataFile] = [
    DataFile(
      household: "profiles.plist", "household", \UserData.household.file,
      [
        (
          .init("profile", "profiles", rename: .isRenamed, removal: .removed),
          DatumPart("profiles", \HouseholdDocument.personSet)
        ),
        (
          .init("household setting", "household settings", rename: .followsThem, removal: .removed),
          DatumPart("settings", \HouseholdDocument.startingProfile)
        ),
      ]),
    DataFile(
      household: "cart.plist", "cart", \UserData.cart.file,
      [
        (
          .init("cart line", "cart lines", rename: .followsThem, removal: .released),
          DatumPart("cart", \CartDocument.lineSet)
        )
      ]),
    DataFile(
      person: "favorites.plist", "favorites", \PersonData.favorites.file,
      [
        (
          .init("favorite", "favorites", rename: .movesWithTheirFiles, removal: .keptAside),
          DatumPart("favorites", \FavoritesDocument.favoriteSet)
        )
      ]),
    DataFile(
      person: "watched.plist", "watched episodes", \PersonData.watched.file,
      [
        (
          .init(
            "watched episode", "watched episodes", rename: .movesWithTheirFiles, removal: .keptAside
          ),
          DatumPart("watched", \WatchedDocument.markSet) { scanner in
            scanner.watched().map(MergeableSet.init(members:))
          }
        )
      ]),
    DataFile(
      person: "tracking.plist", "tracking", \PersonData.tracking,
      [
        (
          .init("show status", "show statuses", rename: .movesWithTheirFiles, removal: .keptAside),
          DatumPart("statuses", \TrackingDocument.statusSet)
        ),
        (
          .init("show rating", "show ratings", rename: .movesWithTheirFiles, removal: .keptAside),
          DatumPart("showRatings", \TrackingDocument.showRatingSet)
        ),
        (
          .init(
            "episode rating", "episode ratings", rename: .movesWithTheirFiles, removal: .keptAside),
          DatumPart("episodeRatings", \TrackingDocument.episodeRatingSet)
        ),
        (
          .init("rewatch", "rewatches", rename: .movesWithTheirFiles, removal: .keptAside),
          DatumPart("rewatches", \TrackingDocument.rewatchSet)
        ),
        (
          .init(
            "spoiler setting", "spoiler settings", rename: .movesWithTheirFiles,
            removal: .keptAside),
          DatumPart("spoilers", \TrackingDocument.spoilerSetting)
        ),
        (
          .init(
            "last new look", "last new looks", rename: .movesWithTheirFiles, removal: .keptAside),
          DatumPart("newSince", \TrackingDocument.newLook)
        ),
      ]),
    DataFile(
      person: "read.plist", "stories read", \PersonData.storiesRead,
      [
        (
          .init("story read", "stories read", rename: .movesWithTheirFiles, removal: .keptAside),
          DatumPart("storiesRead", \StoriesReadDocument.readSet)
        )
      ]),
    DataFile(
      person: "wishlist.plist", "wish list", \PersonData.wishList,
      [
        (
          .init("wish", "wishes", rename: .movesWithTheirFiles, removal: .keptAside),
          DatumPart("wishlist", \WishListDocument.wishSet)
        ),
        (
          .init("claim", "claims", rename: .followsThem, removal: .released),
          DatumPart("claims", \WishListDocument.claimSet)
        ),
      ]),
    DataFile(
      person: "preferences.plist", "positions", \PersonData.preferences,
      [
        (
          .init(
            "last position", "last positions", rename: .movesWithTheirFiles, removal: .keptAside),
          DatumPart("positions", \PreferencesDocument.positionSet)
        )
      ]),
  ]

  /// Every datum, file by file.
  public static var datums: [Datum] { files.flatMap(\.datums) }

  /// The household's people: an export's `profiles`, each entry holding that person's datums.
  static var people: Datum { declared("profiles", of: .household) }
  /// The wishes and the claims, which version 2 of the export kept together.
  static var wishes: Datum { declared("wishlist", of: .person) }
  static var claims: Datum { declared("claims", of: .person) }
  /// The ratings of shows and of episodes.
  static var ratings: [Datum] {
    [declared("showRatings", of: .person), declared("episodeRatings", of: .person)]
  }

  private static func declared(_ key: String, of owner: Datum.Owner) -> Datum {
    guard let datum = datum(exportKey: key, of: owner) else {
      preconditionFailure("no datum has the export key \(key)")
    }
    return datum
  }

  /// The household's files, then a person's.
  static func files(of owner: Datum.Owner) -> [DataFile] { files.filter { $0.owner == owner } }

  /// The datum whose export key is `key` among `owner`'s.
  static func datum(exportKey key: String, of owner: Datum.Owner) -> Datum? {
    files(of: owner).lazy.flatMap(\.datums).first { $0.exportKey == key }
  }

  /// Records in `after` when each of its values changed since `before` (at `now`, to the
  /// second): called by every change of a file (`PropertyListFile.update`). With
  /// `keepingGivenTimes`, a changed value that carries its time keeps it (an import's).
  static func recordChanges<Document: StoredDocument>(
    _ before: Document, _ after: inout Document, at now: Date, keepingGivenTimes: Bool = false
  ) {
    codec(of: Document.self)?.stamp(
      before, &after, at: ChangeTime.of(now), keepingGivenTimes: keepingGivenTimes)
  }

  /// Merges `theirs` into `ours` as an import does, with no common version: each datum of the
  /// file the document is, by its declared rule (what `theirs` adds is added, what it updates
  /// is updated by the rule, nothing is removed). Returns what each datum changed, by datum
  /// name.
  static func merge<Document: StoredDocument>(_ theirs: Document, into ours: inout Document)
    -> [String: Int]
  {
    codec(of: Document.self)?.mergeWithoutBase(theirs, into: &ours) ?? [:]
  }

  /// The codec of the file whose document is `Document`.
  private static func codec<Document: StoredDocument>(of type: Document.Type)
    -> DocumentCodec<Document>?
  {
    for file in files {
      if let codec = file.codec as? DocumentCodec<Document> { return codec }
    }
    return nil
  }
}
