import ShelfDomain
import ShelfSearch

/// `/wishlist` and `/profiles/NAME/wishlist`: a person's wishes in the order they were made.
struct WishListScreen: Screen {
  let path: String
  /// Whose list it is.
  let owner: String
  /// The active profile is the owner: no claim column.
  let seenByOwner: Bool
  let rows: [WishRow]
  private let total: Int
  private let all: Int
  private let request: ListRequest

  private enum CodingKeys: String, CodingKey { case path, rows }

  init(path: String, owner: String, seenByOwner: Bool, rows: [WishRow], request: ListRequest) {
    let arranged = WishRow.list(seenByOwner: seenByOwner).arrange(rows, request)
    self.path = path
    self.owner = owner
    self.seenByOwner = seenByOwner
    self.rows = arranged.rows
    total = arranged.total
    all = rows.count
    self.request = request
  }

  var blocks: [Block] {
    let title = seenByOwner ? "Your wish list, \(owner)" : "\(owner)'s wish list"
    let heading = ListHeading.text(
      title, shown: rows.count, total: total, all: all, unit: "wishes", request: request)
    var blocks: [Block] = [.text(StyledText(heading, .heading))]
    guard all > 0 else {
      blocks.append(
        .text(StyledText("No wishes yet: \"wish\" on a toy, product or story adds it.", .dim)))
      return blocks
    }
    blocks.append(.table(WishRow.list(seenByOwner: seenByOwner).table(rows)))
    if !seenByOwner {
      blocks.append(
        .text(
          StyledText("\"claim REF\" marks an item you are buying; \(owner) never sees it.", .dim)))
    }
    return blocks
  }
}
