import ShelfDomain
import ShelfSearch
import ShelfStore

/// `/profiles`: each person of the household, the active one marked.
struct ProfilesScreen: Screen {
  let path: String
  let rows: [ProfileRow]
  private let total: Int
  private let all: Int
  private let request: ListRequest

  private enum CodingKeys: String, CodingKey { case path, rows }

  init(path: String, rows: [ProfileRow], request: ListRequest) {
    let arranged = ProfileRow.list.arrange(rows, request)
    self.path = path
    self.rows = arranged.rows
    total = arranged.total
    all = rows.count
    self.request = request
  }

  var blocks: [Block] {
    let heading = ListHeading.text(
      "Profiles", shown: rows.count, total: total, all: all, unit: "people", request: request)
    return [
      .text(StyledText(heading, .heading)), .table(ProfileRow.list.table(rows)),
      .text(
        StyledText(
          "\"profile use NAME\" switches; \"profile add NAME --born YYYY-MM\" adds a child.", .dim)),
    ]
  }
}
