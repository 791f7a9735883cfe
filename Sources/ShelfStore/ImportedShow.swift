import Foundation
import ShelfDomain

/// One show of another tracker's history, matched on TVmaze and ready to apply: the show, its
/// episodes watched (each with the earliest time the history gives and how many times it was
/// watched), its rating and its episodes' ratings (with when they were given, where known),
/// and the status the history gives it.
public struct ImportedShow: Sendable {
  /// An episode watched.
  public struct Mark: Sendable, Equatable {
    public var episode: WatchedEpisode
    /// How many times it was watched (1 and more).
    public var plays: Int

    public init(episode: WatchedEpisode, plays: Int) {
      self.episode = episode
      self.plays = max(1, plays)
    }
  }

  /// A rating (1–10), and when it was given if the history says.
  public struct Rating: Sendable, Equatable {
    public var value: Int
    public var at: Date?

    public init(value: Int, at: Date?) {
      self.value = value
      self.at = at
    }
  }

  public var show: Show
  public var marks: [Mark]
  public var rating: Rating?
  /// Episode ratings, by episode id.
  public var episodeRatings: [Int: (episode: RatedEpisode, at: Date?)]
  public var status: TrackingStatus?

  public init(
    show: Show, marks: [Mark] = [], rating: Rating? = nil,
    episodeRatings: [Int: (episode: RatedEpisode, at: Date?)] = [:], status: TrackingStatus? = nil
  ) {
    self.show = show
    self.marks = marks
    self.rating = rating
    self.episodeRatings = episodeRatings
    self.status = status
  }
}

/// What applying one show changed (or, in a dry run, would change).
public struct ImportChange: Sendable, Equatable {
  /// The show became a favourite.
  public var followed = false
  /// Episodes marked watched that were not.
  public var marked = 0
  /// Marks whose time the history puts earlier.
  public var earlier = 0
  /// Watches beyond the first of the episodes marked now (rewatches), counted until plays are
  /// kept with the marks.
  public var rewatches = 0
  /// Show and episode ratings set.
  public var ratings = 0
  /// The status set, when one was.
  public var status: TrackingStatus?

  public init() {}

  /// True when nothing changed.
  public var isEmpty: Bool {
    !followed && marked == 0 && earlier == 0 && ratings == 0 && status == nil
  }
}
