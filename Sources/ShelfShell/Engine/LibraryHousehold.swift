import Foundation
import ShelfDomain
import ShelfStore

extension Library {
  /// The people of the household.
  public func household() throws -> HouseholdDocument {
    try userData.household.read()
  }

  /// The profile named `name` (any case); an unknown name is an error listing the names.
  func profile(named name: String) throws -> ProfileRecord {
    try userData.household.profile(named: name)
  }

  /// A child's age today (nil for an adult).
  func age(of profile: ProfileRecord) -> Int? {
    profile.age(on: now())
  }

  /// Whether any person of the household has the item among their favourites.
  func isFavoriteOfAnyone(_ item: ItemID) throws -> Bool {
    try household().profiles.contains { try userData.person(for: $0).favorites.contains(item) }
  }

  /// What fits the active profile: their age when they are a child.
  func activeFitting() -> Fitting {
    Fitting(name: userData.active.name, age: age(of: userData.active))
  }

  /// The active profile's name for the prompt, once the household has two people.
  public func promptProfileName() -> String? {
    guard let household = try? household(), household.profiles.count > 1 else { return nil }
    return userData.active.name
  }
}

/// Whose age decides what fits: the active child's, or another person's (`--for NAME`); and
/// whether a list keeps only what fits (`--fits`).
struct Fitting: Sendable, Equatable {
  /// The person whose age it is.
  var name: String?
  /// Their age; nil for an adult (nothing is marked).
  var age: Int?
  /// `--fits`: only what fits is listed.
  var only = false

  static let nobody = Fitting()

  /// Whether an item of these ages fits: nil when no child is in question, false for an item
  /// without ages (products, shows).
  func fits(_ ages: AgeRange?) -> Bool? {
    guard let age else { return nil }
    guard let ages else { return false }
    return ages.minimum <= age && age <= ages.maximum
  }

  /// Whether a show with these genres fits (`ChildrensShows`): nil when no child is in question.
  func fits(genres: [String]) -> Bool? {
    age == nil ? nil : ChildrensShows.fit(genres)
  }

  /// Keeps what fits when `only`, else everything.
  func filter<Item>(_ items: some Collection<Item>, ages: (Item) -> AgeRange?) -> [Item] {
    guard only else { return Array(items) }
    return items.filter { fits(ages($0)) == true }
  }
}
