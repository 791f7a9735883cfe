import ShelfStore

/// A section of the shell (toys, stories, the store, shows, up next, favourites, the cart):
/// one folder under Sections/ that builds the screens of its places, says what they contain
/// (for paths, references, completion and `find`) and holds its rules. `SectionRegistry`
/// lists them; `Location` names every place.
protocol Section: Sendable {
  /// The section's top screen: `location.section` of every place in it.
  var root: Location { get }
  /// Its row on the home screen: what it holds in words, how many, and what the count counts
  /// (nil for home itself).
  func homeRow(inputs: ScreenInputs) -> HomeScreen.Row?

  /// The screen at `location` (a place of this section), built from `inputs` without I/O.
  func screen(for location: Location, inputs: ScreenInputs) throws -> any Screen

  /// What the section remembers when you go to `location` (the last category visited).
  func remember(_ location: Location, in preferences: inout PreferencesDocument)
}

extension Section {
  /// The path segment under `/` that names the section.
  var name: String { String(root.path.dropFirst()) }

  func remember(_ location: Location, in preferences: inout PreferencesDocument) {}

  /// A home row for this section.
  func row(_ title: String, count: Int, unit: String) -> HomeScreen.Row {
    HomeScreen.Row(name: name, path: root.path, count: count, title: title, unit: unit)
  }
}

/// The sections, and which one a place belongs to.
struct SectionRegistry: Sendable {
  let sections: [any Section]

  /// The sections below `/`, in the order the home screen lists them.
  static let standard = SectionRegistry(sections: [
    ToysSection(), StoriesSection(), StoreSection(), ShowsSection(), UpNextSection(),
    FavoritesSection(), CartSection(),
  ])

  /// The section a place belongs to; `/` and what is above every section is home's.
  func section(for location: Location) -> any Section {
    let root = location.section
    return sections.first { $0.root == root } ?? HomeSection(sections: self)
  }
}
