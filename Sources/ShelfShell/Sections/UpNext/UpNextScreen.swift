import Foundation
import ShelfDomain
import ShelfSearch

/// `/upnext`: for each favorite show, the first aired episode not watched yet, and how many
/// are left, oldest first.
struct UpNextScreen: Screen {
  let path = "/upnext"
  let rows: [ShowEpisodeRow]
  private let total: Int
  private let all: Int
  private let request: ListRequest

  private enum CodingKeys: String, CodingKey { case path, rows }

  init(rows: [ShowEpisodeRow], request: ListRequest = ListRequest()) {
    let arranged = ShowEpisodeRow.list.arrange(rows, request)
    self.rows = arranged.rows
    total = arranged.total
    all = rows.count
    self.request = request
  }

  var blocks: [Block] {
    let heading =
      request.isEmpty
      ? "Up next"
      : ListHeading.text(
        "Up next", shown: rows.count, total: total, all: all, unit: "shows", request: request)
    var blocks: [Block] = [.text(StyledText(heading, .heading))]
    guard !rows.isEmpty else {
      blocks.append(
        .text(
          StyledText(
            "Nothing to watch: no favorite show has an aired episode you have not watched.",
            .dim)))
      return blocks
    }
    blocks.append(.table(ShowEpisodeRow.list.table(rows)))
    blocks.append(
      .text(StyledText("\"open\" a row shows its episode; \"watched\" moves the row on.", .dim)))
    return blocks
  }
}
