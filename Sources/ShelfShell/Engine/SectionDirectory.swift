import ShelfStore

/// What the session asks of the sections besides their places: their names (a section typed
/// as a command suggests going there) and what each remembers of a visit. Sections/ answers it
/// (`SectionRegistry`); the engine names no section.
protocol SectionDirectory: Sendable {
  /// The path segments under `/` that name the sections, in the home screen's order.
  var names: [String] { get }
  /// What each screen contains, read through `library`.
  func places(in library: Library) -> any PlaceDirectory
  /// What the section of `location` remembers when you go there (the last category visited).
  func remember(_ location: Location, in preferences: inout PreferencesDocument)
}
