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
  /// Whose up next it is when not yours (`ls /upnext --for Mia`).
  let person: String?

  private enum CodingKeys: String, CodingKey { case path, rows, person }

  init(rows: [ShowEpisodeRow], request: ListRequest = ListRequest(), person: String? = nil) {
    self.person = person
    let arranged = ShowEpisodeRow.list.arrange(rows, request)
    self.rows = arranged.rows
    total = arranged.total
    all = rows.count
    self.request = request
  }

  var blocks: [Block] {
    let title = person.map { "Up next for \($0)" } ?? "Up next"
    let heading =
      request.isEmpty
      ? title
      : ListHeading.text(
        title, shown: rows.count, total: total, all: all, unit: "shows", request: request)
    var blocks: [Block] = [.text(StyledText(heading, .heading))]
    guard !rows.isEmpty else {
      blocks.append(
        .text(
          StyledText(
            person.map {
              "Nothing to watch: no favorite show of \($0)'s has an aired episode \($0) has not"
                + " watched."
            } ?? "Nothing to watch: no favorite show has an aired episode you have not watched.",
            .dim)))
      return blocks
    }
    blocks.append(.table(ShowEpisodeRow.list.table(rows)))
    blocks.append(
      .text(StyledText("\"open\" a row shows its episode; \"watched\" moves the row on.", .dim)))
    return blocks
  }
}
