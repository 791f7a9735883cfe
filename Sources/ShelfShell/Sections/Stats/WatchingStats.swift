import Foundation
import ShelfDomain
import ShelfStore

/// What `stats` counts, from the watched marks, the shows and their known episodes: episodes
/// watched, every play of them and its minutes (the runtime once a play), shows started and
/// completed, a row per month, the genres and the shows watched most. Without a year it counts
/// every mark and the last 12 months; with one, the plays of that year and its months. A
/// mark's first play is in the month of its first time, the plays after it in the month of its
/// last (a mark keeps no other times). A mark made before marks had times counts in the
/// totals of all time, in no month and in no year.
struct WatchingStats: Encodable, Sendable {
  struct Month: Encodable, Sendable {
    /// `2026-11`.
    let month: String
    let episodes: Int
    /// Every play of the month (an episode watched twice counts twice).
    let plays: Int
    let minutes: Int
  }

  struct Genre: Encodable, Sendable {
    let genre: String
    let episodes: Int
  }

  struct TopShow: Encodable, Sendable {
    let showId: Int
    let name: String
    let episodes: Int
    let plays: Int
    let minutes: Int
  }

  /// What the totals cover: `all` time, or a year.
  let year: Int?
  /// Episodes watched (each once, however often).
  let episodes: Int
  /// Every play, rewatches included.
  let plays: Int
  /// The time of every play.
  let minutes: Int
  /// Shows with a first mark in the period.
  let shows: Int
  /// Shows completed (their status), whose last mark is in the period.
  let completed: Int
  let byMonth: [Month]
  let genres: [Genre]
  let top: [TopShow]
  /// Marks without a time (made before marks had one), counted in no month.
  let undated: Int

  static let topCount = 5

  /// One show's marks with what is known of it.
  struct ShowMarks {
    let show: Show
    let marks: [WatchedEpisode]
    /// Runtimes by episode id, from its known episodes.
    let runtimes: EpisodeIDMap<Int>
    let status: TrackingStatus
  }

  /// `calendar` places marks in months (the local time zone).
  init(shows: [ShowMarks], year: Int?, now: Date, calendar: Calendar) {
    self.year = year
    let months = Self.months(year: year, now: now, calendar: calendar)
    var monthEpisodes = [Int](repeating: 0, count: months.count)
    var monthPlays = [Int](repeating: 0, count: months.count)
    var monthMinutes = [Int](repeating: 0, count: months.count)
    let monthIndex = Dictionary(
      months.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    var episodes = 0
    var plays = 0
    var minutes = 0
    var started = 0
    var completed = 0
    var undated = 0
    var genres: [String: Int] = [:]
    var top: [TopShow] = []
    var monthsOfMarks = MonthLookup(calendar: calendar, slots: monthIndex)
    for entry in shows {
      let fallback = entry.show.runtime ?? entry.show.averageRuntime ?? 0
      var showEpisodes = 0
      var showPlays = 0
      var showMinutes = 0
      var first: Date?
      var last: Date?
      for mark in entry.marks {
        let runtime = entry.runtimes[mark.id] ?? fallback
        var counted = false
        // The first play, then the others (at the last time, when the mark has one).
        let times: [(Date?, Int)] =
          mark.plays > 1 && mark.lastWatchedAt != nil
          ? [(mark.watchedAt, 1), (mark.lastWatchedAt, mark.plays - 1)]
          : [(mark.watchedAt, mark.plays)]
        for (time, count) in times {
          let month = time.map { monthsOfMarks.month(of: $0) }
          if let year, month?.key.year != year { continue }
          if let time {
            first = min(first ?? time, time)
            last = max(last ?? time, time)
          } else if !counted {
            undated += 1
          }
          showPlays += count
          showMinutes += runtime * count
          if let index = month?.slot {
            if !counted { monthEpisodes[index] += 1 }
            monthPlays[index] += count
            monthMinutes[index] += runtime * count
          }
          if !counted { showEpisodes += 1 }
          counted = true
        }
      }
      guard showEpisodes > 0 else { continue }
      episodes += showEpisodes
      plays += showPlays
      minutes += showMinutes
      // Without a year every show with marks was started; in a year, the one of its first mark.
      if year == nil || first.map({ Self.monthKey($0, calendar: calendar).year }) == year {
        started += 1
      }
      if entry.status == .completed,
        year == nil || last.map({ Self.monthKey($0, calendar: calendar).year }) == year
      {
        completed += 1
      }
      for genre in entry.show.genres ?? [] { genres[genre, default: 0] += showEpisodes }
      top.append(
        TopShow(
          showId: entry.show.id, name: entry.show.name, episodes: showEpisodes, plays: showPlays,
          minutes: showMinutes))
    }
    self.episodes = episodes
    self.plays = plays
    self.minutes = minutes
    self.shows = started
    self.completed = completed
    self.undated = undated
    byMonth = months.indices.map {
      Month(
        month: months[$0].description, episodes: monthEpisodes[$0], plays: monthPlays[$0],
        minutes: monthMinutes[$0])
    }
    self.genres = genres.map { Genre(genre: $0.key, episodes: $0.value) }
      .sorted { ($1.episodes, $0.genre) < ($0.episodes, $1.genre) }
      .prefix(Self.topCount).map { $0 }
    self.top = top.sorted {
      ($1.plays, $1.minutes, $0.name) < ($0.plays, $0.minutes, $1.name)
    }
    .prefix(Self.topCount).map { $0 }
  }

  /// A calendar month.
  struct MonthKey: Hashable, CustomStringConvertible {
    let year: Int
    let month: Int

    var description: String { "\(year)-\(month < 10 ? "0" : "")\(month)" }
  }

  /// The months of many moments, with their places among the months shown (`slots`): each
  /// month's bounds are asked of the calendar once, then found again by a binary search
  /// (20,000 marks fall in a few dozen months).
  struct MonthLookup {
    let calendar: Calendar
    let slots: [MonthKey: Int]
    /// Months met so far, by start, none overlapping.
    private var known: [(start: Date, end: Date, key: MonthKey, slot: Int?)] = []

    init(calendar: Calendar, slots: [MonthKey: Int]) {
      self.calendar = calendar
      self.slots = slots
    }

    mutating func month(of date: Date) -> (key: MonthKey, slot: Int?) {
      var low = 0
      var high = known.count
      while low < high {
        let middle = (low + high) / 2
        if known[middle].end <= date {
          low = middle + 1
        } else {
          high = middle
        }
      }
      if low < known.count, known[low].start <= date { return (known[low].key, known[low].slot) }
      let key = WatchingStats.monthKey(date, calendar: calendar)
      if let bounds = calendar.dateInterval(of: .month, for: date), bounds.contains(date),
        bounds.end > date
      {
        known.insert((bounds.start, bounds.end, key, slots[key]), at: low)
      }
      return (key, slots[key])
    }
  }

  static func monthKey(_ date: Date, calendar: Calendar) -> MonthKey {
    let parts = calendar.dateComponents([.year, .month], from: date)
    return MonthKey(year: parts.year ?? 0, month: parts.month ?? 0)
  }

  /// The year's twelve months, or the last twelve up to this one.
  static func months(year: Int?, now: Date, calendar: Calendar) -> [MonthKey] {
    if let year { return (1...12).map { MonthKey(year: year, month: $0) } }
    let current = monthKey(now, calendar: calendar)
    return (0..<12).reversed().map { back in
      let index = current.year * 12 + (current.month - 1) - back
      return MonthKey(year: index / 12, month: index % 12 + 1)
    }
  }
}
