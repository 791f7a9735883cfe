import ShelfDomain

/// Spoiler-safe mode: the names, summaries and ratings of a show's episodes after the next
/// one to watch are hidden until they are watched (`S02E05 · name hidden`). The show's own
/// summary stays. Off, nothing is hidden.
struct SpoilerShield: Sendable {
  let hides: Bool

  static let off = SpoilerShield(hides: false)

  /// The ids of the episodes to hide, of a show with these episodes and marks: every episode
  /// not watched that comes after the first one not watched, in watching order.
  func hidden(_ guide: EpisodeGuide, watched: Set<Int>) -> Set<Int> {
    guard hides else { return [] }
    guard let next = guide.episodes.firstIndex(where: { !watched.contains($0.id) }) else {
      return []
    }
    return Set(guide.episodes[(next + 1)...].lazy.filter { !watched.contains($0.id) }.map(\.id))
  }

  func hidden(_ episodes: [Episode], watched: Set<Int>) -> Set<Int> {
    guard hides else { return [] }
    return hidden(EpisodeGuide(episodes), watched: watched)
  }

  /// What is shown in place of a hidden name.
  static let placeholder = "name hidden"
}
