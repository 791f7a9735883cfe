import Foundation
import ShelfDomain
import ShelfSearch

/// `/shows/1/S1`: the episodes of one season.
struct SeasonScreen: Screen {
  let path: String
  let showId: Int
  let season: Int
  let rows: [EpisodeRow]
  let showName: String
  let total: Int
  let all: Int
  let request: ListRequest

  private enum CodingKeys: String, CodingKey { case path, showId, season, rows }

  init(
    path: String, showId: Int, season: Int, rows: [EpisodeRow], showName: String,
    request: ListRequest = ListRequest()
  ) {
    let arranged = EpisodeRow.list.arrange(rows, request)
    self.path = path
    self.showId = showId
    self.season = season
    self.rows = arranged.rows
    self.showName = showName
    total = arranged.total
    all = rows.count
    self.request = request
  }

  var blocks: [Block] {
    return [
      .text(
        StyledText(
          ListHeading.text(
            "\(showName) — Season \(season)", shown: rows.count, total: total, all: all,
            unit: "episodes", request: request), .heading)),
      .table(EpisodeRow.list.table(rows)),
    ]
  }
}
