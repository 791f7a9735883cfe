import Foundation
import ShelfStore

/// `/profiles`: the people of the household; `/profiles/NAME`, one of them;
/// `/profiles/NAME/wishlist`, their wish list (claims shown to everyone but its owner).
struct ProfilesSection: Section {
  let root = Location.profiles

  func homeRow(inputs: ScreenInputs) throws -> HomeScreen.Row? {
    let count = inputs.household.document.profiles.count
    return row("Who lives here", count: count, unit: "people")
  }

  let homeRowInputs: ScreenNeeds = .household

  func inputs(at location: Location) -> ScreenNeeds {
    switch location {
    case .profileWishList: [.wishList, .household, .catalog]
    default: [.household, .people]
    }
  }

  func screen(for location: Location, inputs: ScreenInputs) throws -> any Screen {
    let household = inputs.household.document
    switch location {
    case .profile(let name):
      guard let profile = household.profile(named: name) else {
        throw ProfileError.unknown(name, known: household.profiles.map(\.name))
      }
      return ProfileScreen(profile: row(of: profile, inputs: inputs))
    case .profileWishList:
      return try WishListSection.screen(inputs: inputs)
    default:
      let rows = household.profiles.map { row(of: $0, inputs: inputs) }
      return ProfilesScreen(path: root.path, rows: rows, request: inputs.listing)
    }
  }

  func listCapabilities(at location: Location) -> ListCapabilities? {
    switch location {
    case .profiles: ProfileRow.list.capabilities
    case .profileWishList: WishRow.list(seenByOwner: false).capabilities
    default: nil
    }
  }

  func row(of profile: ProfileRecord, inputs: ScreenInputs) -> ProfileRow {
    let counts = inputs.people[profile.id]
    return ProfileRow(
      name: profile.name, born: profile.born, age: profile.age(on: inputs.now),
      active: profile.id == inputs.household.active.id, favorites: counts?.favorites ?? 0,
      wishlist: counts?.wishes ?? 0, watched: counts?.watched ?? 0,
      storiesRead: counts?.storiesRead ?? 0)
  }

  func children(of location: Location, in library: Library) throws -> [Entry] {
    switch location {
    case .profiles:
      return try library.household().profiles.map {
        Entry(name: $0.name, segment: $0.name, location: .profile($0.name))
      }
    case .profile(let name):
      return [Entry(name: "wishlist", segment: "wishlist", location: .profileWishList(name))]
    default:
      return try items(at: location, in: library).filter { !$0.isGone }
    }
  }

  func items(at location: Location, in library: Library) throws -> [Entry] {
    guard case .profileWishList(let name) = location else { return [] }
    return try WishListSection.entries(of: library.profile(named: name), at: location, in: library)
  }
}
