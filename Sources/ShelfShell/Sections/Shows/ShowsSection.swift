import ShelfCatalog

/// `/shows`: the TV show list, a show, the results of `find --online`.
struct ShowsSection: Section {
  let root = Location.shows

  func homeRow(inputs: ScreenInputs) -> HomeScreen.Row? {
    row("TV shows (TVmaze)", count: inputs.library.showCount(), unit: "shows")
  }

  func screen(for location: Location, inputs: ScreenInputs) throws -> any Screen {
    let library = inputs.library
    switch location {
    case .show(let id):
      guard let show = library.show(id: id) else {
        throw ShellError.unknownReference(ItemID(.show, id).description, searched: "the catalog")
      }
      return ShowDetailsScreen(
        model: inputs.showModel(show, summary: true), show: show,
        posterFiles: inputs.posterFiles,
        episodes: inputs.episodes[id].map {
          ShowEpisodesSummary(
            show: show, guide: EpisodeGuide($0), watched: inputs.watchedIDs(show: id),
            now: inputs.now)
        })
    case .season(let id, let season):
      let (show, guide) = try episodes(ofShow: id, inputs: inputs)
      let watched = inputs.watchedIDs(show: id)
      let episodes = guide.episodes(inSeason: season)
      guard !episodes.isEmpty else {
        throw ShellError.noSuchScreen(
          path: location.path,
          reason: "\"\(show.name)\" has no season \(season); seasons: "
            + guide.seasonNumbers.map { "S\($0)" }.joined(separator: ", "))
      }
      return SeasonScreen(
        path: location.path, showId: id, season: season,
        rows: episodes.map { EpisodeModel($0, show: show, watched: watched.contains($0.id)) },
        showName: show.name)
    case .episode(let id, let season, let number):
      let (show, guide) = try episodes(ofShow: id, inputs: inputs)
      guard let episode = guide.episode(EpisodeCode(season: season, number: number)) else {
        throw ShellError.noSuchScreen(
          path: location.path,
          reason: "season \(season) of \"\(show.name)\" has no episode \(number)")
      }
      return EpisodeModel(
        episode, show: show, watched: inputs.watchedIDs(show: id).contains(episode.id),
        details: true)
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
    case .shows, .toys, .toyCategory, .toy, .stories, .storyAges, .story, .store,
      .storeCategory, .product, .upNext, .favorites, .cart, .search, .home:
      return ShowListScreen(
        count: library.showCount(), fromSnapshot: library.shows.isFromSnapshot,
        posters: inputs.listsPosters, posterFiles: inputs.posterFiles,
        favorites: Set(inputs.favorites.shows.map(\.id)), store: ShowPages(library.shows))
    }
  }

  /// The show and its episodes, which the screen's inputs fetched.
  private func episodes(ofShow id: Int, inputs: ScreenInputs) throws -> (Show, EpisodeGuide) {
    guard let show = inputs.library.show(id: id) else {
      throw ShellError.unknownReference(ItemID(.show, id).description, searched: "the catalog")
    }
    return (show, EpisodeGuide(inputs.episodes[id] ?? []))
  }
}
