import Foundation
import ShelfCatalog
import ShelfFiles

/// Export and import of the user's state: `export` writes one JSON document, `import` checks
/// a whole document before it changes anything, then merges it (adds what is missing, takes
/// the imported quantity and show data where they differ), so that a round trip through a
/// fresh data directory reproduces the state exactly.
public struct UserDataTransfer {
  public let data: UserData

  public init(data: UserData) {
    self.data = data
  }

  public func export(_ scope: UserDataExport.Scope) throws -> UserDataExport {
    var export = UserDataExport()
    if scope == .favorites || scope == .all {
      let favorites = try data.favorites.read()
      export.favorites = UserDataExport.Favorites(
        toys: favorites.toys, stories: favorites.stories, products: favorites.products,
        shows: favorites.shows)
    }
    if scope == .cart || scope == .all {
      // Names are kept for this data directory's own listing; an import takes the catalog's.
      export.cart = try data.cart.read().lines.map {
        CartLine(kind: $0.kind, id: $0.id, quantity: $0.quantity)
      }
    }
    if scope == .watched || scope == .all { export.watched = try data.watched.read().shows }
    return export
  }

  /// The export as JSON text on one line: keys sorted, every character outside ASCII
  /// written as a `\u` escape so that no terminal or pipe can alter it.
  public static func text(of export: UserDataExport) throws -> String {
    let json = String(decoding: try JSONCoding.encoder().encode(export), as: UTF8.self)
    var text = ""
    text.reserveCapacity(json.utf8.count)
    for unit in json.utf16 {
      if unit < 0x80 {
        text.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
      } else {
        let hex = String(unit, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
    }
    return text
  }

  /// Reads and checks an export; throws `ImportError` with a one-line reason.
  public static func decode(_ json: Data) throws -> UserDataExport {
    // A well-formed export is read in one pass; anything else the slow way, which words the
    // reason.
    if let export = ExportScanner.read(json) {
      try check(export)
      return export
    }
    guard (try? JSONSerialization.jsonObject(with: json)) is [String: Any] else {
      throw ImportError("not a JSON object")
    }
    struct Probe: Decodable {
      var format: String?
      var version: Int?
    }
    let probe = try? JSONDecoder().decode(Probe.self, from: json)
    guard probe?.format == UserDataExport.formatName else {
      throw ImportError("not a shelf export (no \"format\": \"\(UserDataExport.formatName)\")")
    }
    guard let version = probe?.version, version >= 1 else {
      throw ImportError("the export has no format version")
    }
    guard version <= UserDataExport.currentVersion else {
      throw ImportError("written by a newer shelf (export version \(version))")
    }
    let export: UserDataExport
    do {
      export = try JSONDecoder().decode(UserDataExport.self, from: json)
    } catch let DecodingError.dataCorrupted(context) {
      throw ImportError("unexpected contents at \(path(context.codingPath))")
    } catch let DecodingError.keyNotFound(key, context) {
      throw ImportError("\(path(context.codingPath + [key])) is missing")
    } catch let DecodingError.typeMismatch(_, context) {
      throw ImportError("unexpected contents at \(path(context.codingPath))")
    } catch let DecodingError.valueNotFound(_, context) {
      throw ImportError("\(path(context.codingPath)) is missing")
    } catch {
      throw ImportError("unexpected contents")
    }
    try check(export)
    return export
  }

  /// Merges a checked export into the files, all or nothing: every file it changes is
  /// replaced in one `DurableFileGroup` write, under the locks of all three files, so that a
  /// failure or a kill leaves either the old state or the new one. `name` gives an item's name
  /// in the catalog or the show store, nil when neither has it: such items are left out and
  /// listed in the summary.
  @discardableResult
  public func importing(_ export: UserDataExport, name: (ItemID) throws -> String?) throws
    -> ImportSummary
  {
    try data.favorites.file.withLock {
      try data.cart.file.withLock {
        try data.watched.file.withLock { try importLocked(export, name: name) }
      }
    }
  }

  /// Finishes (or undoes) an import that was killed half-way; see `DurableFileGroup`.
  func finishInterruptedImport() throws {
    let destinations = [data.favorites.url, data.cart.url, data.watched.url]
    guard DurableFileGroup.wasInterrupted(journal: data.importJournal, destinations: destinations)
    else { return }
    try data.favorites.file.withLock {
      try data.cart.file.withLock {
        try data.watched.file.withLock {
          do {
            try DurableFileGroup.finishInterrupted(
              journal: data.importJournal, destinations: destinations)
          } catch let error as FileError {
            throw StoreError(error)
          }
        }
      }
    }
  }

  private func importLocked(_ export: UserDataExport, name: (ItemID) throws -> String?) throws
    -> ImportSummary
  {
    var summary = ImportSummary()
    var unknown: [ItemID] = []
    func known(_ item: ItemID) throws -> String? {
      guard let found = try name(item) else {
        unknown.append(item)
        return nil
      }
      return found
    }
    var staged: [(url: URL, contents: ((any ContiguousBytes) throws -> Void) throws -> Void)] = []
    var adopt: [() -> Void] = []

    let favoritesFile = data.favorites.file
    let favoritesBefore = try favoritesFile.loadLocked()
    var favorites = favoritesBefore.document
    var importedShows = Set<Int>()
    if let imported = export.favorites {
      var saved = Set(favorites.items)
      for (kind, ids) in [
        (ItemKind.toy, imported.toys), (.story, imported.stories), (.product, imported.products),
      ] {
        for id in ids {
          let item = ItemID(kind, id)
          guard let itemName = try known(item), saved.insert(item).inserted else { continue }
          _ = favorites.add(item, name: itemName)
          summary.addedFavorites += 1
        }
      }
      var showPositions = Dictionary(
        favorites.shows.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
      for show in imported.shows {
        guard try known(ItemID(.show, show.id)) != nil else { continue }
        importedShows.insert(show.id)
        if let index = showPositions[show.id] {
          if favorites.shows[index] != show {
            favorites.shows[index] = show
            summary.changedFavorites += 1
          }
        } else {
          showPositions[show.id] = favorites.shows.count
          favorites.shows.append(show)
          summary.addedFavorites += 1
        }
      }
    }
    try stage(favoritesFile, favoritesBefore, favorites, into: &staged, adopt: &adopt)

    let cartFile = data.cart.file
    let cartBefore = try cartFile.loadLocked()
    var cart = cartBefore.document
    if let lines = export.cart {
      var positions = Dictionary(
        cart.lines.enumerated().map { ($1.item, $0) }, uniquingKeysWith: { first, _ in first })
      for line in lines {
        guard let itemName = try known(line.item) else { continue }
        if let index = positions[line.item] {
          if cart.lines[index].quantity != line.quantity {
            cart.lines[index].quantity = line.quantity
            summary.changedCartLines += 1
          }
        } else {
          positions[line.item] = cart.lines.count
          cart.lines.append(
            CartLine(kind: line.kind, id: line.id, quantity: line.quantity, name: itemName))
          summary.addedCartLines += 1
        }
      }
    }
    try stage(cartFile, cartBefore, cart, into: &staged, adopt: &adopt)

    let watchedFile = data.watched.file
    let watchedBefore = try watchedFile.loadLocked()
    var watched = watchedBefore.document
    if let shows = export.watched {
      for show in shows {
        // Marks of a show saved with the favourites here are kept even if the store lost it.
        let item = ItemID(.show, show.showId)
        let isFavorite = importedShows.contains(show.showId) || favorites.contains(item)
        if !isFavorite, try known(item) == nil { continue }
        summary.addedWatched += watched.mark(
          show: show.showId, episodes: show.episodes, fillingTimes: true)
      }
    }
    try stage(watchedFile, watchedBefore, watched, into: &staged, adopt: &adopt)

    do {
      try DurableFileGroup.write(staged, journal: data.importJournal)
    } catch let error as FileError {
      throw StoreError(error)
    }
    for adopting in adopt { adopting() }
    summary.notImported = unknown
    return summary
  }

  /// Adds `document`'s bytes to `staged` when it differs from what the file holds (or the
  /// file needed repairs: the original is then kept beside it first).
  private func stage<Document: StoredDocument>(
    _ file: PropertyListFile<Document>,
    _ before: (document: Document, unrepaired: Data?), _ document: Document,
    into staged:
      inout [(url: URL, contents: ((any ContiguousBytes) throws -> Void) throws -> Void)],
    adopt: inout [() -> Void]
  ) throws {
    guard document != before.document || before.unrepaired != nil else { return }
    if before.unrepaired != nil { try file.keepUnrepairedOriginal() }
    staged.append((file.url, { write in try file.stream(document) { try write($0) } }))
    adopt.append { file.adopt(document) }
  }

  private static func check(_ export: UserDataExport) throws {
    if let favorites = export.favorites {
      for (name, ids) in [
        ("toys", favorites.toys), ("stories", favorites.stories),
        ("products", favorites.products), ("shows", favorites.shows.map(\.id)),
      ] {
        if let id = ids.first(where: { $0 < 0 }) {
          throw ImportError("favorites.\(name): bad id \(id)")
        }
        if Set(ids).count != ids.count { throw ImportError("favorites.\(name): an id twice") }
      }
    }
    if let lines = export.cart {
      for line in lines {
        guard line.kind.isBuyable, line.id >= 0 else {
          throw ImportError("cart: \(line.item) cannot be in the cart")
        }
        guard CartDocument.quantityLimit.contains(line.quantity) else {
          throw ImportError("cart: \(line.item) has quantity \(line.quantity) (1 to 999)")
        }
      }
      if Set(lines.map(\.item)).count != lines.count {
        throw ImportError("cart: an item has two lines")
      }
    }
    if let shows = export.watched {
      for show in shows where Set(show.episodes.map(\.id)).count != show.episodes.count {
        throw ImportError("watched: show \(show.showId) lists an episode twice")
      }
      if Set(shows.map(\.showId)).count != shows.count {
        throw ImportError("watched: a show is listed twice")
      }
    }
  }

  private static func path(_ keys: [CodingKey]) -> String {
    keys.isEmpty
      ? "the top level"
      : keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        .trimmingCharacters(in: CharacterSet(charactersIn: "."))
  }
}
