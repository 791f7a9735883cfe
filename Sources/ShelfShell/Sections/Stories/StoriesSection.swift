import ShelfCatalog
import ShelfStore

/// `/stories`: age ranges, the stories for one, a story.
struct StoriesSection: Section {
  let root = Location.stories

  func homeRow(inputs: ScreenInputs) throws -> HomeScreen.Row? {
    row("Stories by age", count: try inputs.catalog.stories.count, unit: "stories")
  }

  func remember(_ location: Location, in preferences: inout PreferencesDocument) {
    if case .storyAges(let ages) = location { preferences.lastStoryAges = ages.description }
    if case .story(let ages, _) = location { preferences.lastStoryAges = ages.description }
  }

  func screen(for location: Location, inputs: ScreenInputs) throws -> any Screen {
    let catalog = try inputs.catalog
    switch location {
    case .storyAges(let ages):
      let stories = inputs.listing.apply(
        catalog.stories(forAges: ages), name: \.title, price: { _ in nil }, ages: \.ages)
      return StoryListScreen(
        title: "Stories for ages \(ages)", note: inputs.listingNote,
        listing: ListingModel(path: location.path, rows: stories.map(inputs.storyModel)))
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

  let searchedFromHome = true

  func children(of location: Location, in library: Library) throws -> [Entry] {
    guard location == root else { return try items(at: location, in: library) }
    return try library.catalog.storyAgeRanges.map {
      Entry(name: $0.description, segment: $0.description, location: .storyAges($0))
    }
  }

  func items(at location: Location, in library: Library) throws -> [Entry] {
    guard case .storyAges(let ages) = location else { return [] }
    return try library.catalog.stories(forAges: ages).map(Entry.init(story:))
  }

  func indexedList(at location: Location, in library: Library) throws -> IndexedList? {
    guard case .storyAges(let ages) = location else { return nil }
    let catalog = try library.catalog
    let stories = catalog.stories(forAges: ages)
    return IndexedList(index: catalog.completionIndex(forStoriesFor: ages)) {
      Entry(story: stories[$0])
    }
  }

  func find(_ query: CatalogQuery, in library: Library) throws -> [RankedEntry] {
    try search(library).ranked(query)
  }

  func findArranged(_ query: CatalogQuery, in library: Library) throws -> [Entry] {
    try search(library).arranged(query)
  }

  private func search(_ library: Library) throws -> CatalogSearch<Story> {
    let catalog = try library.catalog
    return CatalogSearch(
      items: catalog.stories, search: { catalog.searchStories($0, where: $1) }, name: \.title,
      price: { _ in nil }, ages: \.ages, entry: Entry.init(story:))
  }
}

extension Entry {
  init(story: Story) {
    self.init(
      name: story.title, segment: String(story.id),
      location: .story(ages: story.ages, id: story.id), item: ItemID(.story, story.id))
  }
}
