import ShelfCatalog

/// `/`: the sections with their counts.
struct HomeSection: Section {
  let root = Location.home
  let sections: SectionRegistry

  func homeRow(inputs: ScreenInputs) -> HomeScreen.Row? { nil }

  func screen(for location: Location, inputs: ScreenInputs) throws -> any Screen {
    HomeScreen(rows: sections.sections.compactMap { $0.homeRow(inputs: inputs) })
  }
}
