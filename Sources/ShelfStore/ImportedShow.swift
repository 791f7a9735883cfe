import Foundation
import ShelfDomain

/// One show of another tracker's history, matched on TVmaze and ready to apply: the show, its
/// episodes watched (each a mark with the earliest time the history gives, how many times it
/// was watched and when last), its rating and its episodes' ratings (with when they were
/// given, where known), and the status the history gives it.
public struct ImportedShow: Sendable {
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
  public var marks: [WatchedEpisode]
  public var rating: Rating?
  /// Episode ratings, by episode id.
  public var episodeRatings: [Int: (episode: RatedEpisode, at: Date?)]
  public var status: TrackingStatus?

  public init(
    show: Show, marks: [WatchedEpisode] = [], rating: Rating? = nil,
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
  /// Plays added beyond the first watch of each episode (rewatches).
  public var rewatches = 0
  /// Show and episode ratings set.
  public var ratings = 0
  /// The status set, when one was.
  public var status: TrackingStatus?

  public init() {}

  /// True when nothing changed.
  public var isEmpty: Bool {
    !followed && marked == 0 && earlier == 0 && rewatches == 0 && ratings == 0 && status == nil
  }
}
