import Foundation
import ShelfDomain
import ShelfStore
import ShelfTV
import ShelfTerminal

/// `find --online TEXT` in /shows: what TVmaze found.
struct OnlineResultsScreen: Screen {
  let search: SearchJSON
  let shows: [ShowItemRow]

  func encode(to encoder: Encoder) throws { try search.encode(to: encoder) }

  var blocks: [Block] {
    guard !shows.isEmpty else {
      return [.text(StyledText("TVmaze found no shows for \"\(search.search.text)\".", .dim))]
    }
    let table = Table(
      columns: [
        .init("Id", .right), .init("Name", flexible: true), .init("Premiered"),
        .init("Genres", flexible: true), .init(""), .init(""),
      ],
      rows: shows.map { show in
        [
          StyledText(String(show.id), .dim), StyledText(show.name),
          StyledText(show.premiered ?? "–"), StyledText(show.genresText, .dim),
          DetailsLayout.star(show.favorite), DetailsLayout.showAction(saved: show.favorite),
        ]
      })
    return [
      .text(
        StyledText(
          "TVmaze found \(Thousands.grouped(shows.count)) for \"\(search.search.text)\"", .heading)),
      .table(table), DetailsLayout.tvmazeCredit,
    ]
  }
}
