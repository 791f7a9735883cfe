/// `/`: the sections with their counts.
struct HomeSection: Section {
  let root = Location.home
  let sections: SectionRegistry

  func homeRow(inputs: ScreenInputs) throws -> HomeScreen.Row? { nil }
  let homeRowInputs: ScreenNeeds = []

  /// Each section's row.
  func inputs(at location: Location) -> ScreenNeeds {
    sections.sections.reduce([]) { $0.union($1.homeRowInputs) }
  }

  func listCapabilities(at location: Location) -> ListCapabilities? { nil }

  func screen(for location: Location, inputs: ScreenInputs) throws -> any Screen {
    HomeScreen(rows: try sections.sections.compactMap { try $0.homeRow(inputs: inputs) })
  }

  func items(at location: Location, in library: Library) throws -> [Entry] { [] }
}
