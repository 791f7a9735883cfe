import ShelfDomain

/// The entries of seasons, episodes and up next, from the episodes known without the network
/// (paths, references and Tab read these; screens fetch what is missing first).
struct EpisodeEntries {
  let library: Library

  func seasons(ofShow id: Int) -> [Entry] {
    guard let episodes = library.episodes.known(showID: id) else { return [] }
    return EpisodeGuide(episodes).seasonNumbers.map { season in
      Entry(
        name: "Season \(season)", segment: EpisodeCode.seasonSegment(season),
        location: .season(show: id, season: season))
    }
  }

  /// A season's episodes, named by their names (`S02E05 · name hidden` for those spoiler-safe
  /// mode hides: Tab's descriptions do not spoil either).
  func episodes(ofShow id: Int, season: Int) -> [Entry] {
    guard let episodes = library.episodes.known(showID: id) else { return [] }
    let guide = EpisodeGuide(episodes)
    let hidden = hiddenEpisodes(guide, show: id)
    return guide.episodes(inSeason: season).compactMap { episode in
      guard let number = episode.number else { return nil }
      let name =
        hidden.contains(episode.id)
        ? "\(episode.code) · \(SpoilerShield.placeholder)" : episode.name ?? episode.code
      return entry(episode, show: id, number: number, name: name)
    }
  }

  private func hiddenEpisodes(_ guide: EpisodeGuide, show: Int) -> Set<Int> {
    guard let shield = try? library.spoilerShield(), shield.hides,
      let watched = try? library.userData.watched.read()
    else { return [] }
    return shield.hidden(guide, watched: Set(watched.episodes(show: show).map(\.id)))
  }

  /// For each favourite show with episodes left: an entry named by the show that opens its
  /// next episode.
  func upNext() -> [Entry] {
    guard let favorites = try? library.favorites(),
      let facts = try? library.trackingFacts(favorites: favorites)
    else { return [] }
    let shows = (try? library.currentShows(favorites.shows)) ?? favorites.shows
    return shows.compactMap { show in
      guard let episodes = library.episodes.knownOutlines(showID: show.id),
        let next = episodes.nextUp(
          watched: Set(facts.currentMarks(show: show.id).map(\.id)), now: library.now()),
        let number = next.episode.number
      else { return nil }
      var entry = entry(next.episode, show: show.id, number: number, name: show.name)
      entry.segment = String(show.id)
      entry.item = ItemID(.show, show.id)
      return entry
    }
  }

  private func entry(_ episode: Episode, show: Int, number: Int, name: String) -> Entry {
    let code = EpisodeCode(season: episode.season, number: number)
    return Entry(
      name: name, segment: "E\(number)",
      location: .episode(show: show, season: episode.season, number: number),
      aliases: [String(number), "E\(number)", code.description, "S\(episode.season)E\(number)"])
  }
}
