import Foundation
import ShelfDomain
import ShelfStore

/// What `stats` counts, from the watched marks, the shows and their known episodes: episodes
/// and minutes watched (the sum of the runtimes), shows started and completed, a row per month,
/// the genres and the shows watched most. Without a year it counts every mark and the last 12
/// months; with one, the marks made in that year and its months. A mark made before marks had
/// times counts in the totals of all time, in no month and in no year.
struct WatchingStats: Encodable, Sendable {
  struct Month: Encodable, Sendable {
    /// `2026-11`.
    let month: String
    let episodes: Int
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
    let minutes: Int
  }

  /// What the totals cover: `all` time, or a year.
  let year: Int?
  let episodes: Int
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
    var monthMinutes = [Int](repeating: 0, count: months.count)
    let monthIndex = Dictionary(
      months.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    var episodes = 0
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
      var showMinutes = 0
      var first: Date?
      var last: Date?
      for mark in entry.marks {
        let month = mark.watchedAt.map { monthsOfMarks.month(of: $0) }
        let key = month?.key
        if let year, key?.year != year { continue }
        if let watchedAt = mark.watchedAt {
          first = min(first ?? watchedAt, watchedAt)
          last = max(last ?? watchedAt, watchedAt)
        } else {
          undated += 1
        }
        let runtime = entry.runtimes[mark.id] ?? fallback
        showEpisodes += 1
        showMinutes += runtime
        if let index = month?.slot {
          monthEpisodes[index] += 1
          monthMinutes[index] += runtime
        }
      }
      guard showEpisodes > 0 else { continue }
      episodes += showEpisodes
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
          showId: entry.show.id, name: entry.show.name, episodes: showEpisodes,
          minutes: showMinutes))
    }
    self.episodes = episodes
    self.minutes = minutes
    self.shows = started
    self.completed = completed
    self.undated = undated
    byMonth = months.indices.map {
      Month(
        month: months[$0].description, episodes: monthEpisodes[$0], minutes: monthMinutes[$0])
    }
    self.genres = genres.map { Genre(genre: $0.key, episodes: $0.value) }
      .sorted { ($1.episodes, $0.genre) < ($0.episodes, $1.genre) }
      .prefix(Self.topCount).map { $0 }
    self.top = top.sorted {
      ($1.episodes, $1.minutes, $0.name) < ($0.episodes, $0.minutes, $1.name)
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
