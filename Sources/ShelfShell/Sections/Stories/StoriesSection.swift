import ShelfCatalog
import ShelfDomain
import ShelfSearch
import ShelfStore

/// `/stories`: age ranges, the stories for one, a story.
struct StoriesSection: CatalogSection {
  let root = Location.stories

  func homeRow(inputs: ScreenInputs) throws -> HomeScreen.Row? {
    row("Stories by age", count: try inputs.catalog.stories.count, unit: "stories")
  }

  let homeRowInputs: ScreenNeeds = .catalog

  func inputs(at location: Location) -> ScreenNeeds {
    [.catalog, .favorites, .storiesRead, .fitting, .preferences]
  }

  func remember(_ location: Location, in preferences: inout PreferencesDocument) {
    if case .storyAges(let ages) = location { preferences.lastStoryAges = ages.description }
    if case .story(let ages, _) = location { preferences.lastStoryAges = ages.description }
  }

  func listCapabilities(at location: Location) -> ListCapabilities? {
    switch location {
    case .stories: GroupListScreen.Row.list.capabilities
    case .storyAges: StoryRow.list.capabilities
    default: nil
    }
  }

  func screen(for location: Location, inputs: ScreenInputs) throws -> any Screen {
    let catalog = try inputs.catalog
    switch location {
    case .storyAges(let ages):
      return ItemListScreen(
        title: "Stories for ages \(ages)", path: location.path,
        rows: catalog.stories(forAges: ages).map(inputs.storyRow), request: inputs.listing)
    case .story(_, let id):
      guard let story = catalog.story(id: id) else {
        throw ShellError.unknownReference(ItemID(.story, id).description, searched: "the catalog")
      }
      return StoryScreen(story: inputs.storyRow(story))
    default:
      return GroupListScreen(
        title: "Stories by age", path: root.path, unit: "stories",
        last: inputs.preferences.lastStoryAges,
        groups: catalog.storyAgeRanges.map {
          ($0.description, catalog.stories(forAges: $0).count)
        },
        request: inputs.listing,
        fitting: inputs.fitting.age.map { age in
          (
            names: Set(
              catalog.storyAgeRanges.filter { inputs.fitting.fits($0) == true }.map(\.description)),
            label: "fits \(inputs.fitting.name ?? "") (\(age))"
          )
        })
    }
  }

  func groups(in catalog: Catalog) -> [(name: String, location: Location)] {
    catalog.storyAgeRanges.map { ($0.description, .storyAges($0)) }
  }

  func list(at location: Location, in catalog: Catalog) -> ItemList<Story>? {
    guard case .storyAges(let ages) = location else { return nil }
    return catalog.stories(forAges: ages)
  }

  func completionIndex(at location: Location, in catalog: Catalog) -> CompletionIndex? {
    guard case .storyAges(let ages) = location else { return nil }
    return catalog.completionIndex(forStoriesFor: ages)
  }

  func search(in catalog: Catalog) -> CatalogSearch<Story> {
    CatalogSearch(
      items: catalog.stories, search: { catalog.searchStories($0, where: $1) }, name: \.title,
      price: { _ in nil }, ages: \.ages, entry: Entry.init(story:))
  }

  func entry(_ story: Story) -> Entry { Entry(story: story) }
}

extension Entry {
  init(story: Story) {
    self.init(
      name: story.title, segment: String(story.id),
      location: .story(ages: story.ages, id: story.id), item: ItemID(.story, story.id))
  }
}
