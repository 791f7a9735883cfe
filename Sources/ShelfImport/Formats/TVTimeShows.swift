import Foundation
import ShelfStore

/// What TV Time's files say of its shows: the TheTVDB id each name stands for (so that a file
/// that names shows only by name finds their ids), and whether each is followed, saved for
/// later or archived.
struct ShowDirectory {
  private enum Standing: Int, Comparable {
    case followed, forLater, archived

    static func < (left: Standing, right: Standing) -> Bool { left.rawValue < right.rawValue }
  }

  private var ids: [TitleKey: Int] = [:]
  private var names: [Int: String] = [:]
  /// The reference made for each id (a history names the same show thousands of times).
  private var references: [Int: ShowReference] = [:]
  private var standings: [Int: (standing: Standing, origin: RowOrigin)] = [:]
  private var order: [Int] = []

  /// Learns the names and ids of a table that has them (`tv_show_id` or `s_id`, with
  /// `tv_show_name` or `series_name`), and the follows of `followed_tv_show.csv` (`active`,
  /// `archived`) and `user_tv_show_data.csv` (`is_followed`).
  mutating func learn(from table: CSVTable, file: String) {
    guard let id = table.column("tv_show_id") ?? table.column("s_id"),
      let name = table.column("tv_show_name") ?? table.column("series_name")
    else { return }
    let active = table.column("active")
    let archived = table.column("archived")
    let followed = table.column("is_followed")
    for row in table.rows {
      guard let show = Int(row[id]), show > 0 else { continue }
      remember(show, name: row[name])
      let origin = RowOrigin(file: file, line: row.line)
      if file == "followed_tv_show.csv" {
        if row[archived] == "1" {
          note(show, .archived, origin)
        } else if row[active] == "1" {
          note(show, .followed, origin)
        }
      } else if file == "user_tv_show_data.csv", row[followed] == "1" {
        note(show, .followed, origin)
      }
    }
  }

  /// A series row of the v2 records (`is_followed`, `is_archived`, `is_for_later`: `true`).
  mutating func noteSeries(
    id: Int?, name: String, followed: String, archived: String, forLater: String,
    origin: RowOrigin
  ) {
    guard let id, id > 0 else { return }
    remember(id, name: name)
    if archived == "true" {
      note(id, .archived, origin)
    } else if forLater == "true" {
      note(id, .forLater, origin)
    } else if followed == "true" {
      note(id, .followed, origin)
    }
  }

  /// The show of a row: its id (with the name files give it), else the id its name stands
  /// for, else its name alone; nil when the row has neither.
  mutating func reference(id: Int?, name: String) -> ShowReference? {
    if let id, id > 0 {
      if let known = references[id] { return known }
      let reference = ShowReference(
        parsingTitle: names[id] ?? (name.isEmpty ? "TheTVDB \(id)" : name), thetvdb: id)
      references[id] = reference
      return reference
    }
    guard !name.isEmpty else { return nil }
    if let known = ids[TitleKey(name)] {
      return ShowReference(parsingTitle: names[known] ?? name, thetvdb: known)
    }
    return ShowReference(parsingTitle: name)
  }

  /// A row per show followed, saved for later (`plan`) or archived (`dropped`).
  var statusRows: [HistoryRow] {
    order.compactMap { id in
      guard let (standing, origin) = standings[id].map({ ($0.standing, $0.origin) }) else {
        return nil
      }
      let fact: HistoryFact =
        switch standing {
        case .followed: .followed
        case .forLater: .status(.plan)
        case .archived: .status(.dropped)
        }
      return HistoryRow(
        show: ShowReference(parsingTitle: names[id] ?? "TheTVDB \(id)", thetvdb: id), fact: fact,
        origin: origin)
    }
  }

  private mutating func remember(_ id: Int, name: String) {
    guard !name.isEmpty, names[id] != name else { return }
    if names[id] == nil { names[id] = name }
    let key = TitleKey(name)
    if ids[key] == nil { ids[key] = id }
  }

  private mutating func note(_ id: Int, _ standing: Standing, _ origin: RowOrigin) {
    if let known = standings[id] {
      if standing > known.standing { standings[id] = (standing, origin) }
    } else {
      standings[id] = (standing, origin)
      order.append(id)
    }
  }
}
