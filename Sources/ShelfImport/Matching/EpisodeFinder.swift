import ShelfDomain

/// Finds an export's episode among a show's TVmaze episodes: by season and number, else by
/// name within the season (or, without a season, by a name only one episode has). Season 0
/// holds the specials in most trackers; TVmaze lists a special in the season it aired in,
/// without a number, so a special is found by its name among them.
public struct EpisodeFinder: Sendable {
  private var byID: [Int: Episode] = [:]
  private var byNumber: [[Int]: Episode] = [:]
  private var byName: [TitleKey: [Episode]] = [:]
  private var specialsByName: [TitleKey: [Episode]] = [:]

  /// `specials`: the show's specials (`/shows/ID/episodes?specials=1`), when fetched.
  public init(episodes: [Episode], specials: [Episode] = []) {
    for episode in episodes + specials { byID[episode.id] = episode }
    for episode in episodes {
      if let number = episode.number {
        byNumber[[episode.season, number]] = byNumber[[episode.season, number]] ?? episode
      }
      if let name = episode.name { byName[TitleKey(name), default: []].append(episode) }
    }
    for special in specials where special.number == nil {
      if let name = special.name { specialsByName[TitleKey(name), default: []].append(special) }
    }
  }

  /// True when some of the references are specials, which only a fetch with specials finds:
  /// those of season 0, and those whose TVmaze id is not among the numbered episodes.
  public func needsSpecials(_ references: [EpisodeReference]) -> Bool {
    references.contains { reference in
      reference.season == 0 || reference.tvmaze.map { byID[$0] == nil } ?? false
    }
  }

  public func find(_ reference: EpisodeReference) -> Episode? {
    if let id = reference.tvmaze, let episode = byID[id] { return episode }
    let name = reference.name.map(TitleKey.init)
    guard let season = reference.season else {
      guard let name, let found = byName[name], found.count == 1 else { return nil }
      return found[0]
    }
    if season == 0 {
      guard let name, let found = specialsByName[name], found.count == 1 else { return nil }
      return found[0]
    }
    if let number = reference.number, let episode = byNumber[[season, number]] { return episode }
    guard let name else { return nil }
    let inSeason = (byName[name] ?? []).filter { $0.season == season }
    if inSeason.count == 1 { return inSeason[0] }
    let specials = (specialsByName[name] ?? []).filter { $0.season == season }
    return specials.count == 1 ? specials[0] : nil
  }
}
