import Foundation
import ShelfCatalog
import ShelfStore

/// Builds the report of each screen from the library and the user's files.
struct ScreenBuilder {
  let library: Library
  let drawsImages: Bool
  let favorites: FavoritesDocument
  let cart: CartDocument

  init(library: Library, drawsImages: Bool) throws {
    self.library = library
    self.drawsImages = drawsImages
    favorites = try library.favorites()
    cart = try library.cart()
  }

  var catalog: Catalog { get throws { try library.catalog } }

  /// The report of `location`; `listing` (`ls --sort/--limit/--price`) applies to lists of
  /// toys, stories and products.
  func report(for location: Location, posters: Bool = false, listing: ListOptions = .init())
    throws -> Report
  {
    switch location {
    case .home: return try home()
    case .toys:
      let catalog = try self.catalog
      let last = try library.userData.preferences.read().lastToyCategory
      return groups(
        title: "Toy categories", location: location, last: last,
        rows: catalog.toyCategories.map { ($0, catalog.toys(inCategory: $0).count) },
        unit: "toys")
    case .stories:
      let catalog = try self.catalog
      let last = try library.userData.preferences.read().lastStoryAges
      return groups(
        title: "Stories by age", location: location, last: last,
        rows: catalog.storyAgeRanges.map { ($0.description, catalog.stories(forAges: $0).count) },
        unit: "stories")
    case .store:
      let catalog = try self.catalog
      let last = try library.userData.preferences.read().lastStoreCategory
      return groups(
        title: "Store", location: location, last: last,
        rows: catalog.productCategories.map { ($0, catalog.products(inCategory: $0).count) },
        unit: "products")
    case .toyCategory(let category):
      let toys = listing.apply(
        try catalog.toys(inCategory: category), name: \.name, price: \.price, ages: \.ages)
      return toyList(toys, path: location.path, title: category, note: Self.note(listing))
    case .storyAges(let ages):
      let stories = listing.apply(
        try catalog.stories(forAges: ages), name: \.title, price: { _ in nil }, ages: \.ages)
      return storyList(
        stories, path: location.path, title: "Stories for ages \(ages)", note: Self.note(listing))
    case .storeCategory(let category):
      let products = listing.apply(
        try catalog.products(inCategory: category), name: \.name, price: \.price,
        ages: { _ in nil })
      return try productList(
        products, path: location.path, title: category, note: Self.note(listing))
    case .shows:
      return showList(posters: posters)
    case .favorites:
      return try favoritesScreen()
    case .cart:
      return try cartScreen()
    case .search(let scope, let query):
      return try searchResults(scope: scope, query: listing.isEmpty ? query : query.with(listing))
    case .onlineSearch(let text):
      return onlineResults(text)
    case .toy, .story, .product, .show:
      guard let item = location.item else { return Report([]) }
      return try details(of: item)
    }
  }

  /// `; price 5.00-20.00, by price, first 10` after a list's count, when options are given.
  private static func note(_ listing: ListOptions) -> String {
    listing.isEmpty ? "" : "; \(listing)"
  }

  // MARK: Lists

  private func home() throws -> Report {
    let catalog = try self.catalog
    let favoriteCount =
      favorites.toys.count + favorites.stories.count + favorites.products.count
      + favorites.shows.count
    let rows: [(String, String, Int, String)] = [
      ("toys", "Toys by category", catalog.toys.count, "toys"),
      ("stories", "Stories by age", catalog.stories.count, "stories"),
      ("store", "The store", catalog.products.count, "products"),
      ("shows", "TV shows (TVmaze)", library.showList().count, "shows"),
      ("favorites", "Your favorites", favoriteCount, "saved"),
      ("cart", "Your cart", cart.lines.reduce(0) { $0 + $1.quantity }, "items"),
    ]
    let table = Table(
      columns: [.init("Section"), .init("Count", .right), .init("", flexible: true)],
      rows: rows.map {
        [StyledText($0.0 + "/", .accent), StyledText("\($0.2) \($0.3)"), StyledText($0.1, .dim)]
      })
    let data = ListingModel(
      path: "/", rows: rows.map { SectionRow(name: $0.0, path: "/" + $0.0, count: $0.2) })
    return Report([.table(table)], data: data)
  }

  private func groups(
    title: String, location: Location, last: String?, rows: [(String, Int)], unit: String
  ) -> Report {
    var blocks: [Block] = [.text(StyledText(title, .heading))]
    let table = Table(
      columns: [.init("Name", flexible: true), .init("Count", .right), .init("")],
      rows: rows.map { name, count in
        [
          StyledText(name + "/", .accent), StyledText("\(count) \(unit)"),
          name == last ? StyledText("← last visited", .dim) : StyledText(""),
        ]
      })
    blocks.append(.table(table))
    if let last, rows.contains(where: { $0.0 == last }) {
      blocks.append(
        .text(StyledText("Last visited: \(last) — cd \(Tokenizer.escape(last))", .dim)))
    }
    let data = ListingModel(
      path: location.path,
      rows: rows.map {
        GroupRow(
          name: $0.0, path: location.path + "/" + $0.0, count: $0.1, lastVisited: $0.0 == last)
      })
    return Report(blocks, data: data)
  }

  private func star(_ item: ItemID) -> StyledText {
    favorites.contains(item) ? StyledText("★", .favorite) : StyledText("")
  }

  func toyList(_ toys: [Toy], path: String, title: String, note: String = "") -> Report {
    let table = Table(
      columns: [
        .init("Id", .right), .init("Name", flexible: true), .init("Ages"), .init("Price", .right),
        .init(""),
      ],
      rows: toys.map { toy in
        [
          StyledText(String(toy.id), .dim), StyledText(toy.name), StyledText(toy.ages.description),
          StyledText(toy.price.formatted, .price), star(ItemID(.toy, toy.id)),
        ]
      })
    let data = ListingModel(path: path, rows: toys.map(toyModel))
    return Report(
      [.text(StyledText("\(title) (\(toys.count) toys\(note))", .heading)), .table(table)],
      data: data)
  }

  func storyList(_ stories: [Story], path: String, title: String, note: String = "") -> Report {
    let table = Table(
      columns: [
        .init("Id", .right), .init("Title", flexible: true), .init("Ages"), .init("Author"),
        .init("Reading", .right), .init(""),
      ],
      rows: stories.map { story in
        [
          StyledText(String(story.id), .dim), StyledText(story.title),
          StyledText(story.ages.description), StyledText(story.author),
          StyledText("\(story.readingMinutes) min"), star(ItemID(.story, story.id)),
        ]
      })
    let data = ListingModel(
      path: path,
      rows: stories.map { StoryModel($0, favorite: favorites.contains(ItemID(.story, $0.id))) })
    return Report(
      [.text(StyledText("\(title) (\(stories.count) stories\(note))", .heading)), .table(table)],
      data: data)
  }

  func productList(_ products: [Product], path: String, title: String, note: String = "") throws
    -> Report
  {
    let table = Table(
      columns: [
        .init("Id", .right), .init("Name", flexible: true), .init("Price", .right), .init(""),
      ],
      rows: products.map { product in
        [
          StyledText(String(product.id), .dim), StyledText(product.name),
          StyledText(product.price.formatted, .price), star(ItemID(.product, product.id)),
        ]
      })
    let data = ListingModel(path: path, rows: try products.map(productModel))
    return Report(
      [.text(StyledText("\(title) (\(products.count) products\(note))", .heading)), .table(table)],
      data: data)
  }

  func showList(posters: Bool) -> Report {
    let shows = library.showList()
    var blocks: [Block] = []
    let source =
      library.shows.isFromSnapshot
      ? "the shipped snapshot; \"refresh\" fetches the current list" : "your local copy"
    blocks.append(.text(StyledText("TV shows (\(shows.count), from \(source))", .heading)))
    let rows = shows.map { show -> [StyledText] in
      let saved = favorites.contains(ItemID(.show, show.id))
      return [
        StyledText(String(show.id), .dim), StyledText(show.name),
        StyledText(show.rating?.average.map { String(format: "%.1f", $0) } ?? "–"),
        StyledText((show.genres ?? []).joined(separator: ", "), .dim),
        saved ? StyledText(" Delete ", .deleteAction) : StyledText(" Favorite ", .saveAction),
      ]
    }
    if posters {
      for (show, row) in zip(shows, rows) {
        let caption = [
          StyledText("\(show.id)  ", .dim) + StyledText(show.name, .bold), row[2] + "  " + row[3],
          row[4],
        ]
        blocks.append(
          .figure(poster(show.image?.medium, name: show.name, columns: 12), caption: caption))
      }
    } else {
      blocks.append(
        .table(
          Table(
            columns: [
              .init("Id", .right), .init("Name", flexible: true), .init("Rating", .right),
              .init("Genres", flexible: true), .init("Action"),
            ], rows: rows)))
    }
    blocks.append(.text(StyledText("Data provided by TVmaze.com (CC BY-SA 4.0)", .dim)))
    let data = ListingModel(path: "/shows", rows: shows.map { showModel($0, summary: false) })
    return Report(blocks, data: data)
  }

  private func favoritesScreen() throws -> Report {
    let catalog = try self.catalog
    var blocks: [Block] = [.text(StyledText("Favorites", .heading))]
    let toys = favorites.toys.compactMap(catalog.toy(id:))
    let stories = favorites.stories.compactMap(catalog.story(id:))
    let products = favorites.products.compactMap(catalog.product(id:))
    let shows = favorites.shows
    if toys.isEmpty && stories.isEmpty && products.isEmpty && shows.isEmpty {
      blocks.append(.text(StyledText("No favorites yet: \"fav\" on an item saves it.", .dim)))
    }
    func group(_ title: String, _ rows: [[StyledText]]) {
      guard !rows.isEmpty else { return }
      blocks.append(.text(StyledText("\(title) (\(rows.count))", .bold)))
      blocks.append(
        .table(
          Table(columns: [.init("Ref"), .init("Name", flexible: true), .init("")], rows: rows)))
    }
    group(
      "Toys",
      toys.map {
        [
          StyledText("toy:\($0.id)", .dim), StyledText($0.name),
          StyledText("\($0.category), ages \($0.ages)", .dim),
        ]
      })
    group(
      "Stories",
      stories.map {
        [
          StyledText("story:\($0.id)", .dim), StyledText($0.title),
          StyledText("ages \($0.ages), \($0.author)", .dim),
        ]
      })
    group(
      "Products",
      products.map {
        [
          StyledText("product:\($0.id)", .dim), StyledText($0.name),
          StyledText($0.price.formatted, .price),
        ]
      })
    group(
      "Shows",
      shows.map {
        [
          StyledText("show:\($0.id)", .dim), StyledText($0.name),
          StyledText((($0.genres ?? []).joined(separator: ", ")), .dim),
        ]
      })
    let rows: [ItemModel] =
      toys.map { .toy(toyModel($0)) } + stories.map { .story(StoryModel($0, favorite: true)) }
      + (try products.map { .product(try productModel($0)) })
      + shows.map { .show(showModel($0, summary: false)) }
    let data = ListingModel(path: "/favorites", rows: rows)
    return Report(blocks, data: data)
  }

  private func cartScreen() throws -> Report {
    let lines = try cart.lines.map { line -> CartLineModel in
      let price = try library.price(of: line.item)
      return CartLineModel(
        kind: line.kind, id: line.id,
        name: try library.name(of: line.item) ?? "(no longer in the catalog)",
        quantity: line.quantity, unitPrice: price, lineTotal: price.map { $0 * line.quantity })
    }
    let total = lines.compactMap(\.lineTotal).sum()
    let count = lines.reduce(0) { $0 + $1.quantity }
    var blocks: [Block] = [.text(StyledText("Cart", .heading))]
    if lines.isEmpty {
      blocks.append(
        .text(StyledText("The cart is empty: \"buy\" on a toy or product adds it.", .dim)))
    } else {
      let table = Table(
        columns: [
          .init("Ref"), .init("Name", flexible: true), .init("Qty", .right),
          .init("Unit", .right), .init("Line total", .right),
        ],
        rows: lines.map { line in
          [
            StyledText("\(line.kind.rawValue):\(line.id)", .dim), StyledText(line.name),
            StyledText(String(line.quantity)),
            StyledText(line.unitPrice?.formatted ?? "–", .price),
            StyledText(line.lineTotal?.formatted ?? "–", .price),
          ]
        })
      blocks.append(.table(table))
      blocks.append(
        .text(
          StyledText("Total: ", .bold) + StyledText(total.formatted, .price)
            + StyledText(" (\(count) item\(count == 1 ? "" : "s"))", .dim)))
    }
    return Report(blocks, data: CartModel(rows: lines, itemCount: count, total: total))
  }

  private func searchResults(scope: Location, query: CatalogQuery) throws -> Report {
    let entries = try Directory(library: library).find(query, in: scope)
    let data = SearchModel(
      path: Location.search(scope: scope, query: query).path, scope: scope.path, query: query.text,
      minAge: query.minimumAge, maxAge: query.maximumAge,
      rows: entries.compactMap { entry in
        entry.item.map {
          SearchRow(kind: $0.kind, id: $0.id, name: entry.name, path: entry.location.path)
        }
      })
    guard !entries.isEmpty else {
      return Report(
        [.text(StyledText("No matches for \(query) in \(scope.path).", .dim))], data: data)
    }
    let table = Table(
      columns: [
        .init("Ref"), .init("Name", flexible: true), .init("Where", flexible: true), .init(""),
      ],
      rows: entries.map { entry in
        var action = StyledText("")
        if let item = entry.item, item.kind == .show {
          action =
            favorites.contains(item)
            ? StyledText(" Delete ", .deleteAction) : StyledText(" Favorite ", .saveAction)
        }
        return [
          StyledText(entry.item?.description ?? "", .dim), StyledText(entry.name),
          StyledText(entry.location.parent.path, .dim), action,
        ]
      })
    return Report(
      [
        .text(StyledText("\(entries.count) found for \(query) in \(scope.path)", .heading)),
        .table(table),
      ], data: data)
  }

  private func onlineResults(_ text: String) -> Report {
    let shows = library.rememberedResults(for: text)
    let rows = shows.map {
      SearchRow(kind: .show, id: $0.id, name: $0.name, path: "/shows/\($0.id)")
    }
    let data = SearchModel(
      path: Location.onlineSearch(text).path, scope: "/shows", query: text, minAge: nil,
      maxAge: nil, rows: rows)
    guard !shows.isEmpty else {
      return Report([.text(StyledText("TVmaze found no shows for \"\(text)\".", .dim))], data: data)
    }
    let table = Table(
      columns: [
        .init("Id", .right), .init("Name", flexible: true), .init("Premiered"),
        .init("Genres", flexible: true), .init("Action"),
      ],
      rows: shows.map { show in
        let saved = favorites.contains(ItemID(.show, show.id))
        return [
          StyledText(String(show.id), .dim), StyledText(show.name),
          StyledText(show.premiered ?? "–"),
          StyledText((show.genres ?? []).joined(separator: ", "), .dim),
          saved ? StyledText(" Delete ", .deleteAction) : StyledText(" Favorite ", .saveAction),
        ]
      })
    return Report(
      [
        .text(StyledText("TVmaze found \(shows.count) for \"\(text)\"", .heading)), .table(table),
        .text(StyledText("Data provided by TVmaze.com (CC BY-SA 4.0)", .dim)),
      ], data: data)
  }

  // MARK: Details

  func details(of item: ItemID) throws -> Report {
    let catalog = try self.catalog
    switch item.kind {
    case .toy:
      guard let toy = catalog.toy(id: item.id) else { break }
      let model = toyModel(toy)
      return Report(
        [
          .text(
            StyledText(toy.name, .heading) + (model.favorite ? StyledText(" ★", .favorite) : "")),
          fact("Category", toy.category), fact("Ages", toy.ages.description),
          .text(StyledText("Price      ") + StyledText(toy.price.formatted, .price)),
          fact("Brand", toy.brand), fact("Favorite", model.favorite ? "yes" : "no"),
          fact("In cart", String(model.inCart)), .blank, .paragraph(StyledText(toy.description)),
        ], data: model)
    case .story:
      guard let story = catalog.story(id: item.id) else { break }
      let favorite = favorites.contains(item)
      return Report(
        [
          .text(StyledText(story.title, .heading) + (favorite ? StyledText(" ★", .favorite) : "")),
          fact("Ages", story.ages.description), fact("Author", story.author),
          fact("Length", "\(story.words) words, about \(story.readingMinutes) min to read aloud"),
          fact("Favorite", favorite ? "yes" : "no"), .blank,
          .text(StyledText("\"read\" shows the story.", .dim)),
        ], data: StoryModel(story, favorite: favorite))
    case .product:
      guard let product = catalog.product(id: item.id) else { break }
      let model = try productModel(product)
      let file = catalog.url(forProductImage: product)
      return Report(
        [
          .image(
            ImageSource(
              file: drawsImages ? file : nil, fallback: "Image: \(file.path)", maxColumns: 32)),
          .text(
            StyledText(product.name, .heading) + (model.favorite ? StyledText(" ★", .favorite) : "")
          ),
          .text(StyledText("Price      ") + StyledText(product.price.formatted, .price)),
          fact("Category", product.category), fact("In cart", String(model.inCart)), .blank,
          .paragraph(StyledText(product.description)),
        ], data: model)
    case .show:
      guard let show = library.show(id: item.id) else { break }
      return showDetails(show)
    }
    throw ShellError.unknownReference(item.description, searched: "the catalog")
  }

  private func showDetails(_ show: Show) -> Report {
    let model = showModel(show, summary: true)
    var blocks: [Block] = [
      .text(StyledText(show.name, .heading) + (model.favorite ? StyledText(" ★", .favorite) : "")),
      .image(poster(show.image?.original, name: show.name, columns: 30)),
    ]
    if let summary = show.summary {
      blocks += HTMLText.paragraphs(summary).map { .paragraph($0.text) }
      blocks.append(.blank)
    }
    let facts: [(String, String?)] = [
      ("Genres", model.genres.isEmpty ? nil : model.genres.joined(separator: ", ")),
      ("Status", show.status), ("Aired", ShowFacts.years(of: show)),
      ("Rating", model.rating.map { String(format: "%.1f / 10", $0) }),
      (show.network != nil ? "Network" : "Web", model.network),
      ("Schedule", model.schedule), ("Runtime", model.runtime.map { "\($0) min" }),
      ("Language", show.language), ("Site", show.officialSite),
    ]
    blocks += facts.compactMap { label, value in value.map { fact(label, $0) } }
    if let url = show.imdbURL {
      blocks.append(.text(StyledText("IMDb       ") + StyledText(url, .link)))
    }
    blocks.append(
      fact("Favorite", model.favorite ? "yes (\"unfav\" deletes it)" : "no (\"fav\" saves it)"))
    blocks.append(.text(StyledText("Data provided by TVmaze.com (CC BY-SA 4.0)", .dim)))
    return Report(blocks, data: model)
  }

  private func fact(_ label: String, _ value: String) -> Block {
    .text(
      StyledText(label.padding(toLength: 11, withPad: " ", startingAt: 0), .dim) + StyledText(value)
    )
  }

  /// A poster to draw: from the cache (downloading once) when images are drawn, else its URL.
  func poster(_ url: String?, name: String, columns: Int) -> ImageSource {
    guard let url else {
      return ImageSource(fallback: "(no poster for \(name))", maxColumns: columns)
    }
    guard drawsImages else { return ImageSource(fallback: "Poster: \(url)", maxColumns: columns) }
    let file = library.posters.cachedFile(for: url) ?? (try? library.posters.poster(for: url))
    return ImageSource(file: file, fallback: "Poster: \(url)", maxColumns: columns)
  }

  func toyModel(_ toy: Toy) -> ToyModel {
    let item = ItemID(.toy, toy.id)
    return ToyModel(toy, favorite: favorites.contains(item), inCart: cart.quantity(of: item))
  }

  func productModel(_ product: Product) throws -> ProductModel {
    let item = ItemID(.product, product.id)
    return ProductModel(
      product, imagePath: try catalog.url(forProductImage: product).path,
      favorite: favorites.contains(item), inCart: cart.quantity(of: item))
  }

  func showModel(_ show: Show, summary: Bool) -> ShowModel {
    ShowModel(
      show, favorite: favorites.contains(ItemID(.show, show.id)),
      summaryText: summary ? show.summary.map(HTMLText.plainText) : nil)
  }
}
