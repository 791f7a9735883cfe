import Foundation
import ShelfDomain
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

  /// `scope` of the household: `all` is the cart and every profile; `favorites` and `watched`
  /// the active profile's (at the top, as version 1 has them). With `profile`, only that
  /// person's (for `all`: as the one entry of `profiles`). Claims on the active profile's own
  /// wish list are left out, as everywhere it looks.
  public func export(_ scope: UserDataExport.Scope, profile: ProfileRecord? = nil) throws
    -> UserDataExport
  {
    var export = UserDataExport()
    let person = profile.map(data.person(for:)) ?? data.person
    if scope == .favorites { export.favorites = try favorites(of: person) }
    if scope == .watched { export.watched = try person.watched.read().shows }
    if scope == .cart || (scope == .all && profile == nil) {
      // Names are kept for this data directory's own listing; an import takes the catalog's.
      export.cart = try data.cart.read().lines.map {
        CartLine(kind: $0.kind, id: $0.id, quantity: $0.quantity)
      }
    }
    if scope == .all {
      let household = try data.household.read()
      let records = profile.map { [$0] } ?? household.profiles
      export.profiles = try records.map { try exported($0, in: household) }
      export.version = 2
    }
    return export
  }

  private func favorites(of person: PersonData) throws -> UserDataExport.Favorites {
    let favorites = try person.favorites.read()
    return UserDataExport.Favorites(
      toys: favorites.toys, stories: favorites.stories, products: favorites.products,
      shows: favorites.shows)
  }

  private func exported(_ record: ProfileRecord, in household: HouseholdDocument) throws
    -> UserDataExport.Profile
  {
    let person = data.person(for: record)
    var profile = UserDataExport.Profile(name: record.name, born: record.born)
    profile.favorites = try favorites(of: person)
    profile.watched = try person.watched.read().shows
    profile.storiesRead = try person.storiesRead.read().stories
    let owner = record.id == data.active.id
    profile.wishlist = try person.wishList.read().wishes.map { wish in
      UserDataExport.Wish(
        kind: wish.kind, id: wish.id,
        claimedBy: owner ? nil : wish.claimedBy.map { household.profile(id: $0)?.name ?? "?" })
    }
    return profile
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

  /// Merges a checked export into the files, all or nothing: every file it changes (the cart,
  /// `profiles.plist` for new people, each person's files) is replaced in one
  /// `DurableFileGroup` write, under the locks of the household, the cart and the files of
  /// every person it changes, so that a failure or a kill leaves either the old state or the
  /// new one. `name` gives an item's name in the catalog or the show store, nil when neither
  /// has it: such items are left out and listed in the summary. Favourites and marks at the
  /// top of the document (version 1) are the active profile's.
  @discardableResult
  public func importing(_ export: UserDataExport, name: (ItemID) throws -> String?) throws
    -> ImportSummary
  {
    try data.household.file.withLock {
      let household = try data.household.file.loadLocked().document
      var files: [any LockedFile] = [data.cart.file]
      var seen = Set<String>()
      var people = [data.active]
      people += (export.profiles ?? []).compactMap { household.profile(named: $0.name) }
      for record in people where seen.insert(record.key).inserted {
        let person = data.person(for: record)
        files +=
          [
            person.favorites.file, person.watched.file, person.storiesRead, person.wishList,
          ] as [any LockedFile]
      }
      return try withLocks(files[...]) { try importLocked(export, name: name) }
    }
  }

  /// Finishes (or undoes) an import that was killed half-way; see `DurableFileGroup`.
  /// `staging`: the profile directories that hold staged files.
  func finishInterruptedImport(staging: [URL]) throws {
    var destinations = [data.cart.url, data.household.file.url]
    destinations += PersonData.oldFileNames.map {
      data.directory.appendingPathComponent($0, isDirectory: false)
    }
    for directory in staging {
      destinations += PersonData(directory: directory).importedFiles
    }
    guard DurableFileGroup.wasInterrupted(journal: data.importJournal, destinations: destinations)
    else { return }
    try data.household.file.withLock {
      try data.cart.file.withLock {
        do {
          try DurableFileGroup.finishInterrupted(
            journal: data.importJournal, destinations: destinations)
        } catch let error as FileError {
          throw StoreError(error)
        }
      }
    }
  }

  private func importLocked(_ export: UserDataExport, name: (ItemID) throws -> String?) throws
    -> ImportSummary
  {
    var summary = ImportSummary()
    var unknown: [ItemID] = []
    var names: [ItemID: String?] = [:]
    func known(_ item: ItemID) throws -> String? {
      if let found = names[item] { return found }
      let found = try name(item)
      names[item] = found
      if found == nil { unknown.append(item) }
      return found
    }
    var staging = FileGroupStaging()

    // The household: people the export brings that are not here yet.
    let householdBefore = try data.household.file.loadLocked()
    var household = householdBefore.document
    var targets: [(record: ProfileRecord, imported: UserDataExport.Profile)] = []
    for imported in export.profiles ?? [] {
      if let index = household.profiles.firstIndex(where: {
        $0.key == ProfileName.key(imported.name)
      }) {
        if household.profiles[index].born == nil, let born = imported.born {
          household.profiles[index].born = born
        }
        targets.append((household.profiles[index], imported))
      } else {
        let record = ProfileRecord(
          id: household.nextID, name: ProfileName(imported.name)?.text ?? imported.name,
          born: imported.born)
        household.nextID += 1
        household.profiles.append(record)
        summary.addedProfiles += 1
        targets.append((record, imported))
      }
    }
    try staging.stage(data.household.file, householdBefore, household)

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
    try staging.stage(cartFile, cartBefore, cart)

    // Each person's files: the active profile takes what is at the top of the document.
    var top = UserDataExport.Profile(name: data.active.name)
    top.favorites = export.favorites
    top.watched = export.watched
    var merges: [(record: ProfileRecord, imported: [UserDataExport.Profile])] = []
    if export.favorites != nil || export.watched != nil { merges.append((data.active, [top])) }
    for target in targets {
      if let index = merges.firstIndex(where: { $0.record.key == target.record.key }) {
        merges[index].imported.append(target.imported)
      } else {
        merges.append((target.record, [target.imported]))
      }
    }
    for merge in merges {
      try importPerson(
        merge.record, merge.imported, household: household, known: known, summary: &summary,
        into: &staging)
    }

    try staging.write(journal: data.importJournal)
    summary.notImported = unknown.sorted()
    return summary
  }

  /// Merges what the export has of one person into their files.
  private func importPerson(
    _ record: ProfileRecord, _ parts: [UserDataExport.Profile], household: HouseholdDocument,
    known: (ItemID) throws -> String?, summary: inout ImportSummary,
    into staging: inout FileGroupStaging
  ) throws {
    let person = data.person(for: record)
    let favoritesBefore = try person.favorites.file.loadLocked()
    var favorites = favoritesBefore.document
    var importedShows = Set<Int>()
    for imported in parts.compactMap(\.favorites) {
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
    try staging.stage(person.favorites.file, favoritesBefore, favorites)

    let watchedBefore = try person.watched.file.loadLocked()
    var watched = watchedBefore.document
    for shows in parts.compactMap(\.watched) {
      for show in shows {
        // Marks of a show saved with the favourites here are kept even if the store lost it.
        let item = ItemID(.show, show.showId)
        let isFavorite = importedShows.contains(show.showId) || favorites.contains(item)
        if !isFavorite, try known(item) == nil { continue }
        summary.addedWatched += watched.mark(
          show: show.showId, episodes: show.episodes, fillingTimes: true)
      }
    }
    try staging.stage(person.watched.file, watchedBefore, watched)

    let readBefore = try person.storiesRead.loadLocked()
    var read = readBefore.document
    for stories in parts.compactMap(\.storiesRead) {
      for story in stories where try known(ItemID(.story, story)) != nil {
        if read.mark(story) { summary.addedStoriesRead += 1 }
      }
    }
    try staging.stage(person.storiesRead, readBefore, read)

    let wishesBefore = try person.wishList.loadLocked()
    var wishes = wishesBefore.document
    for list in parts.compactMap(\.wishlist) {
      for wish in list {
        guard let itemName = try known(wish.item) else { continue }
        if wishes.add(wish.item, name: itemName) { summary.addedWishes += 1 }
        guard let claimer = wish.claimedBy.flatMap(household.profile(named:)),
          claimer.id != record.id,
          let index = wishes.wishes.firstIndex(where: { $0.item == wish.item }),
          wishes.wishes[index].claimedBy == nil
        else { continue }
        wishes.wishes[index].claimedBy = claimer.id
      }
    }
    try staging.stage(person.wishList, wishesBefore, wishes)
  }

  private static func check(_ export: UserDataExport) throws {
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
    try check(export.favorites, export.watched, at: "")
    var names = Set<String>()
    for (index, profile) in (export.profiles ?? []).enumerated() {
      let place = "profiles[\(index)]"
      guard let name = ProfileName(profile.name) else {
        throw ImportError("\(place): \"\(profile.name)\" is not a profile name")
      }
      guard names.insert(name.key).inserted else {
        throw ImportError("\(place): the profile \"\(profile.name)\" is listed twice")
      }
      if let born = profile.born, BirthMonth(parsing: born) == nil {
        throw ImportError("\(place).born: \"\(born)\" is not YYYY-MM")
      }
      try check(profile.favorites, profile.watched, at: place + ".")
      if let stories = profile.storiesRead {
        if let id = stories.first(where: { $0 < 0 }) {
          throw ImportError("\(place).storiesRead: bad id \(id)")
        }
        if Set(stories).count != stories.count {
          throw ImportError("\(place).storiesRead: an id twice")
        }
      }
      if let wishes = profile.wishlist {
        for wish in wishes where wish.kind == .show || wish.id < 0 {
          throw ImportError("\(place).wishlist: \(wish.item) cannot be wished for")
        }
        if Set(wishes.map(\.item)).count != wishes.count {
          throw ImportError("\(place).wishlist: an item twice")
        }
      }
    }
  }

  /// Checks favourites and marks, at the top (`place` empty) or of a profile.
  private static func check(
    _ favorites: UserDataExport.Favorites?, _ watched: [WatchedShow]?, at place: String
  ) throws {
    if let favorites {
      for (name, ids) in [
        ("toys", favorites.toys), ("stories", favorites.stories),
        ("products", favorites.products), ("shows", favorites.shows.map(\.id)),
      ] {
        if let id = ids.first(where: { $0 < 0 }) {
          throw ImportError("\(place)favorites.\(name): bad id \(id)")
        }
        if Set(ids).count != ids.count {
          throw ImportError("\(place)favorites.\(name): an id twice")
        }
      }
    }
    if let shows = watched {
      for show in shows where Set(show.episodes.map(\.id)).count != show.episodes.count {
        throw ImportError("\(place)watched: show \(show.showId) lists an episode twice")
      }
      if Set(shows.map(\.showId)).count != shows.count {
        throw ImportError("\(place)watched: a show is listed twice")
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

/// A file whose lock an import takes.
protocol LockedFile {
  func withLock<Result>(_ body: () throws -> Result) throws -> Result
}

extension PropertyListFile: LockedFile {}

/// Runs `body` holding the lock of every file, taken one after the other.
func withLocks<Result>(_ files: ArraySlice<any LockedFile>, _ body: () throws -> Result) throws
  -> Result
{
  guard let first = files.first else { return try body() }
  return try first.withLock { try withLocks(files.dropFirst(), body) }
}
