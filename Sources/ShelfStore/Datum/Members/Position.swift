import Foundation

/// Where the person last was in one section (`path`: the screen a session resumes at; `toys`,
/// `stories`, `store`: the category or age range last opened), and when they were there.
public struct Position: LatestMember {
  public var section: PreferencesDocument.Section
  public var value: String
  @ExportTime public var changedAt: Date?

  public init(section: PreferencesDocument.Section, value: String, changedAt: Date? = nil) {
    self.section = section
    self.value = value
    self.changedAt = changedAt
  }

  public var key: PreferencesDocument.Section { section }
}

extension PreferencesDocument {
  /// The positions kept, one per section.
  var positionSet: MergeableSet<Position> {
    get {
      MergeableSet(
        members: Section.allCases.compactMap { section in
          self[section].map {
            Position(section: section, value: $0, changedAt: changedAt[section.rawValue])
          }
        })
    }
    set {
      let wanted = Dictionary(
        newValue.members.map { ($0.section, $0) }, uniquingKeysWith: { first, _ in first })
      for section in Section.allCases {
        self[section] = wanted[section]?.value
        changedAt[section.rawValue] = wanted[section]?.changedAt
      }
    }
  }
}
