import ShelfCatalog
import ShelfStore

/// `/stories`: age ranges, the stories for one, a story.
struct StoriesSection: Section {
  let root = Location.stories

  func homeRow(inputs: ScreenInputs) -> HomeScreen.Row? {
    row("Stories by age", count: inputs.catalog.stories.count, unit: "stories")
  }

  func remember(_ location: Location, in preferences: inout PreferencesDocument) {
    if case .storyAges(let ages) = location { preferences.lastStoryAges = ages.description }
    if case .story(let ages, _) = location { preferences.lastStoryAges = ages.description }
  }

  func screen(for location: Location, inputs: ScreenInputs) throws -> any Screen {
    let catalog = inputs.catalog
    switch location {
    case .storyAges(let ages):
      return StoryListScreen(
        title: "Stories for ages \(ages)",
        listing: ListingModel(
          path: location.path, rows: catalog.stories(forAges: ages).map(inputs.storyModel)))
    case .story(_, let id):
      guard let story = catalog.story(id: id) else {
        throw ShellError.unknownReference(ItemID(.story, id).description, searched: "the catalog")
      }
      return inputs.storyModel(story)
    default:
      return GroupListScreen(
        title: "Stories by age", path: root.path, unit: "stories",
        last: inputs.preferences.lastStoryAges,
        groups: catalog.storyAgeRanges.map {
          ($0.description, catalog.stories(forAges: $0).count)
        })
    }
  }
}
