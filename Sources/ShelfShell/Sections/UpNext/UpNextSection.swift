import ShelfDomain

/// `/upnext`: for each favourite show, the first aired episode not watched yet.
struct UpNextSection: Section {
  let root = Location.upNext

  func homeRow(inputs: ScreenInputs) throws -> HomeScreen.Row? {
    row("Next episodes of your shows", count: inputs.favorites.shows.count, unit: "followed")
  }

  let homeRowInputs: ScreenNeeds = .favorites

  func inputs(at location: Location) -> ScreenNeeds {
    [.favorites, .watched, .tracking, .outlines]
  }

  func screen(for location: Location, inputs: ScreenInputs) throws -> any Screen {
    UpNextScreen(
      rows: Self.rows(inputs: inputs), request: inputs.listing, person: inputs.person?.name)
  }

  /// The rows, oldest next episode first; shows paused, dropped or completed are left out
  /// unless `--all`.
  static func rows(inputs: ScreenInputs) -> [ShowEpisodeRow] {
    let rows = inputs.favorites.shows.compactMap { show -> ShowEpisodeRow? in
      // After `rewatch`, the marks since it began: up next starts at the first episode again.
      let watched = EpisodeIDMap(
        ids: inputs.tracking.currentMarks(show: show.id).lazy.map(\.id))
      guard let episodes = inputs.outlinesOfFavorites[show.id],
        inputs.trackingListing.schedules(
          inputs.tracking.status(of: show, outlines: episodes.outlines, watched: watched)),
        let next = episodes.nextUp(watched: watched, now: inputs.now)
      else { return nil }
      return ShowEpisodeRow(
        show: show.name, episode: EpisodeRow(next.episode, show: show, watched: false),
        left: next.left)
    }
    return rows.sorted {
      ($0.episode.airstamp ?? $0.episode.airdate ?? "", $0.show)
        < ($1.episode.airstamp ?? $1.episode.airdate ?? "", $1.show)
    }
  }

  func listCapabilities(at location: Location) -> ListCapabilities? {
    ShowEpisodeRow.list.capabilities
  }

  func items(at location: Location, in library: Library) throws -> [Entry] {
    EpisodeEntries(library: library).upNext()
  }
}
