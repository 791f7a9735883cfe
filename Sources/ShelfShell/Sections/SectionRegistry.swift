import ShelfStore

/// The sections, and which one a place belongs to.
struct SectionRegistry: Sendable {
  let sections: [any Section]

  /// The sections below `/`, in the order the home screen lists them.
  static let standard = SectionRegistry(sections: [
    ToysSection(), StoriesSection(), StoreSection(), ShowsSection(), UpNextSection(),
    FavoritesSection(), CartSection(), WishListSection(), ProfilesSection(),
  ])

  /// The section a place belongs to; `/` and what is above every section is home's.
  func section(for location: Location) -> any Section {
    let root = location.sectionRoot
    return sections.first { $0.root == root } ?? HomeSection(sections: self)
  }
}

extension SectionRegistry: SectionDirectory {
  var names: [String] { sections.map(\.name) }

  func places(in library: Library) -> any PlaceDirectory {
    Places(library: library, sections: self)
  }

  func remember(_ location: Location, in preferences: inout PreferencesDocument) {
    section(for: location).remember(location, in: &preferences)
  }
}
