import ShelfDomain
import ShelfStore
import ShelfTV

/// A wish list with whose it is, as the active profile sees it.
struct OwnedWishList {
  let owner: ProfileRecord
  /// The active profile is its owner (who never sees the claims).
  let seenByOwner: Bool
  let document: WishListDocument
}

/// The people of the household and who is active.
struct HouseholdInput {
  var document = HouseholdDocument()
  var active = ProfileRecord(id: 0, name: "")
}

/// What one person has made, counted: a row of /profiles.
struct PersonCounts {
  let favorites: Int
  let wishes: Int
  let watched: Int
  let storiesRead: Int
}

/// `/shows` as its list reads it: how many shows, whether they are the shipped snapshot, the
/// columns' widths, the rows a request keeps (nil: every show, in id order, read a page at a
/// time from `pages` while printed) and the tracked shows with their statuses.
struct ShowListInput {
  let count: Int
  let fromSnapshot: Bool
  let widths: ShowListWidths
  let pages: ShowPages
  let arranged: (rows: [ShowRow], total: Int)?
  /// The shows with a status, a rating or marks, in id order (those the list has).
  let trackedShows: [Show]
  /// With a child in question, how many shows fit (nil: no child, or the list is only those).
  let fitCount: Int?
}
