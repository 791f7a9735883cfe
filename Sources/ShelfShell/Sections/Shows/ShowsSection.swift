import ShelfCatalog

/// `/shows`: the TV show list, a show, the results of `find --online`.
struct ShowsSection: Section {
  let root = Location.shows

  func screen(for location: Location, inputs: ScreenInputs) throws -> any Screen {
    let library = inputs.library
    switch location {
    case .show(let id):
      guard let show = library.show(id: id) else {
        throw ShellError.unknownReference(ItemID(.show, id).description, searched: "the catalog")
      }
      return ShowDetailsScreen(
        model: inputs.showModel(show, summary: true), show: show,
        posterFiles: inputs.posterFiles)
    case .onlineSearch(let text):
      let shows = library.rememberedResults(for: text)
      let rows = shows.map {
        SearchRow(
          kind: .show, id: $0.id, name: $0.name, path: "/shows/\($0.id)", parentPath: "/shows",
          favorite: inputs.favorites.contains(ItemID(.show, $0.id)))
      }
      return OnlineResultsScreen(
        search: SearchModel(
          path: location.path, scope: "/shows", query: text, minAge: nil, maxAge: nil,
          rows: rows),
        shows: shows.map { inputs.showModel($0) })
    default:
      return ShowListScreen(
        listing: ListingModel(
          path: "/shows", rows: library.showList().map { inputs.showModel($0) }),
        fromSnapshot: library.shows.isFromSnapshot, posters: inputs.listsPosters,
        posterFiles: inputs.posterFiles)
    }
  }
}
