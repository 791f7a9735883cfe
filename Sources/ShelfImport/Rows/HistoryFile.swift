import Foundation

/// What a reader found in an export: its rows in the values every format reads into, and
/// what it has that shelf does not keep, counted.
public struct HistoryFile: Sendable {
  /// Something an export holds that is left out, counted in the summary in one line.
  public enum LeftOut: String, Sendable, CaseIterable, Comparable {
    case movie, seasonRating, otherMedia, rowWithoutEpisode

    /// `12 movies`, `1 season rating`.
    public func words(_ count: Int) -> String {
      let one = count == 1
      switch self {
      case .movie: return "\(count) movie\(one ? "" : "s")"
      case .seasonRating: return "\(count) season rating\(one ? "" : "s")"
      case .otherMedia: return "\(count) item\(one ? "" : "s") other than TV"
      case .rowWithoutEpisode: return "\(count) row\(one ? "" : "s") without a show or episode"
      }
    }

    public static func < (left: LeftOut, right: LeftOut) -> Bool {
      allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
    }
  }

  public var rows: [HistoryRow] = []
  public var leftOut: [LeftOut: Int] = [:]

  public init(rows: [HistoryRow] = [], leftOut: [LeftOut: Int] = [:]) {
    self.rows = rows
    self.leftOut = leftOut
  }

  mutating func leave(_ kind: LeftOut, _ count: Int = 1) {
    guard count > 0 else { return }
    leftOut[kind, default: 0] += count
  }

  public mutating func append(contentsOf other: HistoryFile) {
    rows += other.rows
    for (kind, count) in other.leftOut { leave(kind, count) }
  }

  /// The rows by show, in the order each show first appears; a show's references are merged
  /// (the ids one row has and another lacks).
  public var shows: [ShowHistory] {
    var order: [ShowHistory] = []
    var positions: [String: Int] = [:]
    for row in rows {
      let key = row.show.key
      if let position = positions[key] {
        order[position].rows.append(row)
        order[position].reference = order[position].reference.merged(with: row.show)
      } else {
        positions[key] = order.count
        order.append(ShowHistory(reference: row.show, rows: [row]))
      }
    }
    return order
  }
}

/// Every row an export has of one show.
public struct ShowHistory: Sendable {
  public var reference: ShowReference
  public var rows: [HistoryRow]
}
