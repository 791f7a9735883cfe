import ShelfDomain
import ShelfSearch

/// `/favorites`: every saved toy, story, product and show, grouped by kind (or one list in the
/// order `--sort` asks); an item the catalog no longer has is listed in its group by the name
/// it was saved with.
struct FavoritesScreen: Screen {
  let path = "/favorites"
  let rows: [ItemRow]
  let total: Int
  let all: Int
  let request: ListRequest

  private enum CodingKeys: String, CodingKey { case path, rows }

  /// `rows` in the order they were saved; they are listed kind by kind unless sorted.
  init(rows: [ItemRow], request: ListRequest = ListRequest()) {
    let grouped =
      request.sort == nil
      ? ItemKind.allCases.flatMap { kind in rows.filter { $0.kind == kind } } : rows
    let arranged = ItemRow.list.arrange(grouped, request)
    self.rows = arranged.rows
    total = arranged.total
    all = rows.count
    self.request = request
  }

  var blocks: [Block] {
    let heading =
      request.isEmpty
      ? "Favorites"
      : ListHeading.text(
        "Favorites", shown: rows.count, total: total, all: all, unit: "favorites",
        request: request)
    var blocks: [Block] = [.text(StyledText(heading, .heading))]
    if all == 0 {
      blocks.append(.text(StyledText("No favorites yet: \"fav\" on an item saves it.", .dim)))
    }
    guard request.sort == nil else {
      blocks.append(.table(ItemRow.list.table(rows)))
      return blocks
    }
    for (kind, title) in [
      (ItemKind.toy, "Toys"), (.story, "Stories"), (.product, "Products"), (.show, "Shows"),
    ] {
      let group = rows.filter { $0.kind == kind }
      guard !group.isEmpty else { continue }
      blocks.append(.text(StyledText("\(title) (\(Thousands.grouped(group.count)))", .bold)))
      blocks.append(.table(ItemRow.list.table(group)))
    }
    return blocks
  }
}
