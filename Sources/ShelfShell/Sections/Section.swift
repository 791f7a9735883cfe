/// A section of the shell (toys, stories, the store, shows, favourites, the cart, home): one
/// folder under Sections/ that builds the screens of its locations. `SectionRegistry` lists
/// them; `Location` names every place.
protocol Section: Sendable {
  /// The section's top screen: `location.section` of every place in it.
  var root: Location { get }

  /// The screen at `location` (a place of this section), built from `inputs` without I/O.
  func screen(for location: Location, inputs: ScreenInputs) throws -> any Screen
}

/// The sections, and which one a place belongs to.
struct SectionRegistry: Sendable {
  let sections: [any Section]

  static let standard = SectionRegistry(sections: [
    HomeSection(), ToysSection(), StoriesSection(), StoreSection(), ShowsSection(),
    UpNextSection(), FavoritesSection(), CartSection(),
  ])

  func section(for location: Location) -> any Section {
    let root = location.section
    return sections.first { $0.root == root } ?? HomeSection()
  }
}
