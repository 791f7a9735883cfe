import Foundation

/// Where the person last was in one section (`path`: the screen a session resumes at; `toys`,
/// `stories`, `store`: the category or age range last opened), and when they were there.
public struct Position: LatestMember {
  public var section: PreferencesDocument.Section
  public var value: String
  public var changedAt: Date?

  public init(section: PreferencesDocument.Section, value: String, changedAt: Date? = nil) {
    self.section = section
    self.value = value
    self.changedAt = changedAt
  }

  public var key: PreferencesDocument.Section { section }

  private enum CodingKeys: String, CodingKey { case section, value, changedAt }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    section = try container.decode(PreferencesDocument.Section.self, forKey: .section)
    value = try container.decode(String.self, forKey: .value)
    changedAt = container.decodeTime(forKey: .changedAt)
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(section, forKey: .section)
    try container.encode(value, forKey: .value)
    try container.encodeTime(changedAt, forKey: .changedAt)
  }
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
