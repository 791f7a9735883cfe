import Foundation
import ShelfCatalog

/// The compact copy of a show's saved episodes (`episodes/ID.json`) in the cache directory:
/// every field but the summary, so that the lists over every followed show (stats, up next)
/// read 50 shows' episodes in a new process without decoding megabytes of JSON. The outlines
/// (id, season, number, runtime, when it counts as aired) are columns of numbers read at once;
/// the rest (texts, rating) is read only when an episode is made whole. Made from the saved
/// file when it is read; one made from another version of it reads as none (`CacheFile`).
enum EpisodeOutlineFile {
  static let kind = "episode-outlines-1"

  /// Which optional fields an episode has.
  private enum Present {
    static let number: UInt16 = 1 << 0
    static let runtime: UInt16 = 1 << 1
    static let rating: UInt16 = 1 << 2
    static let average: UInt16 = 1 << 3
    static let aired: UInt16 = 1 << 4
    /// Then one bit per text field, in `texts` order.
    static let firstText = 5
  }

  private enum Section {
    static let header = 0
    static let numbers = 1
    static let aired = 2
    static let present = 3
    static let ratings = 4
    static let ends = 5
    static let text = 6
    static let count = 7
  }

  private static var texts: [WritableKeyPath<Episode, String?>] {
    [\.name, \.type, \.airdate, \.airtime, \.airstamp]
  }

  /// The stamp (`updated`, with whether there is one) and the episode count; then per
  /// episode its id, season, number and runtime; when it counts as aired; which fields it
  /// has; its rating; where each of its texts ends in the run of text; the run of text. Nil
  /// when a number does not fit the columns (no TVmaze episode comes near).
  static func sections(updated: Int?, episodes: [Episode]) -> [[UInt8]]? {
    var numbers: [Int32] = []
    var aired: [Double] = []
    var ratings: [Double] = []
    var present: [UInt16] = []
    var ends: [UInt32] = []
    var text: [UInt8] = []
    let texts = texts
    numbers.reserveCapacity(episodes.count * 4)
    for episode in episodes {
      guard let id = Int32(exactly: episode.id), let season = Int32(exactly: episode.season),
        let number = Int32(exactly: episode.number ?? 0),
        let runtime = Int32(exactly: episode.runtime ?? 0)
      else { return nil }
      let outline = EpisodeOutline(episode)
      numbers += [id, season, number, runtime]
      aired.append(outline.airedFrom ?? 0)
      ratings.append(episode.rating?.average ?? 0)
      var flags: UInt16 = 0
      if episode.number != nil { flags |= Present.number }
      if episode.runtime != nil { flags |= Present.runtime }
      if outline.airedFrom != nil { flags |= Present.aired }
      if let rating = episode.rating {
        flags |= Present.rating
        if rating.average != nil { flags |= Present.average }
      }
      for (index, path) in texts.enumerated() {
        if let value = episode[keyPath: path] {
          flags |= 1 << UInt16(Present.firstText + index)
          text += value.utf8
        }
        guard let end = UInt32(exactly: text.count) else { return nil }
        ends.append(end)
      }
      present.append(flags)
    }
    let header: [Int64] = [updated == nil ? 0 : 1, Int64(updated ?? 0), Int64(episodes.count)]
    return [
      CacheFile.section(header), CacheFile.section(numbers), CacheFile.section(aired),
      CacheFile.section(present), CacheFile.section(ratings), CacheFile.section(ends),
      text,
    ]
  }

  /// The stamp and outlines of `sections`; nil when they do not fit together. An episode is
  /// made whole from the rest of the sections; should those turn out damaged, `whole` gives
  /// it (from the saved list).
  static func outlines(_ sections: CachedSections, whole: @escaping (Int) -> Episode?)
    -> (updated: Int?, outlines: EpisodeOutlines)?
  {
    guard sections.count == Section.count,
      let header = sections.values(Section.header, as: Int64.self), header.count == 3,
      let numbers = sections.values(Section.numbers, as: Int32.self),
      let aired = sections.values(Section.aired, as: Double.self),
      let present = sections.values(Section.present, as: UInt16.self)
    else { return nil }
    let count = present.count
    guard header[2] == count, numbers.count == 4 * count, aired.count == count else { return nil }
    let outlines = EpisodeOutlineList(count: count) { index in
      let flags = present[index]
      return EpisodeOutline(
        id: Int(numbers[4 * index]), season: Int(numbers[4 * index + 1]),
        number: flags & Present.number != 0 ? Int(numbers[4 * index + 2]) : nil,
        runtime: flags & Present.runtime != 0 ? Int(numbers[4 * index + 3]) : nil,
        airedFrom: flags & Present.aired != 0 ? aired[index] : nil)
    }
    let made = EpisodeOutlines(outlines: outlines) { [outlines] index in
      let outline = outlines[index]
      var episode = Episode(
        id: outline.id, name: nil, season: outline.season, number: outline.number)
      episode.runtime = outline.runtime
      guard fillDetails(of: &episode, at: index, flags: present[index], from: sections) else {
        return whole(outline.id) ?? episode
      }
      return episode
    }
    return (header[0] == 0 ? nil : Int(header[1]), made)
  }

  /// Sets the rating and texts of episode `index` from the sections, reading only the blocks
  /// that hold them; false when they are damaged or do not fit.
  private static func fillDetails(
    of episode: inout Episode, at index: Int, flags: UInt16, from sections: CachedSections
  ) -> Bool {
    let texts = texts
    let first = texts.count * index
    // Where the episode's texts start is where the one before it ends.
    guard
      let ends = sections.values(
        Section.ends, in: max(0, first - 1)..<first + texts.count, as: UInt32.self),
      let rating = sections.values(Section.ratings, in: index..<index + 1, as: Double.self)
    else { return false }
    let bounds = (index == 0 ? [0] : []) + ends.map(Int.init)
    guard zip(bounds, bounds.dropFirst()).allSatisfy({ $0 <= $1 }),
      let start = bounds.first, let end = bounds.last,
      let text = sections.values(Section.text, in: start..<end, as: UInt8.self)
    else { return false }
    if flags & Present.rating != 0 {
      episode.rating = Episode.Rating(average: flags & Present.average != 0 ? rating[0] : nil)
    }
    for (field, path) in texts.enumerated()
    where flags & (1 << UInt16(Present.firstText + field)) != 0 {
      episode[keyPath: path] = String(
        decoding: text[(bounds[field] - start)..<(bounds[field + 1] - start)], as: UTF8.self)
    }
    return true
  }
}
