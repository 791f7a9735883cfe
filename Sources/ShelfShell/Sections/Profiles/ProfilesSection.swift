import Foundation
import ShelfCatalog
import ShelfStore

/// `/profiles`: the people of the household; `/profiles/NAME`, one of them;
/// `/profiles/NAME/wishlist`, their wish list (claims shown to everyone but its owner).
struct ProfilesSection: Section {
  let root = Location.profiles

  func homeRow(inputs: ScreenInputs) throws -> HomeScreen.Row? {
    let count = try inputs.library.household().profiles.count
    return row("Who lives here", count: count, unit: "people")
  }

  func screen(for location: Location, inputs: ScreenInputs) throws -> any Screen {
    let library = inputs.library
    switch location {
    case .profile(let name):
      return try ProfileScreen(profile: row(of: library.profile(named: name), in: library))
    case .profileWishList(let name):
      return try WishListSection.screen(of: library.profile(named: name), inputs: inputs)
    default:
      let rows = try library.household().profiles.map { try row(of: $0, in: library) }
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

  func row(of profile: ProfileRecord, in library: Library) throws -> ProfileRow {
    let person = library.userData.person(for: profile)
    return ProfileRow(
      name: profile.name, born: profile.born, age: profile.age(on: library.now()),
      active: profile.id == library.userData.active.id,
      favorites: try person.favorites.read().count,
      wishlist: try person.wishList.read().wishes.count,
      watched: try person.watched.read().shows.reduce(0) { $0 + $1.episodes.count },
      storiesRead: try person.storiesRead.read().stories.count)
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
