import Foundation
import ShelfFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The user's files. The household's: the cart and `profiles.plist` (the people) in the data
/// directory, the line-edit history in the state directory, the local copy of the show list in
/// the cache directory. Each person's (favourites, watched marks, stories read, the wish list,
/// the last position) in `profiles/NAME/` of the data directory, reached through `person`, the
/// active profile's `PersonData`. The state and cache directories default to the data
/// directory.
public final class UserData {
  public let directory: URL
  public let stateDirectory: URL
  public let cacheDirectory: URL
  public let cart: Cart
  public let household: Household
  /// The profile whose files `person` holds. Until `openProfiles` runs it is the profile the
  /// first start makes (named `firstProfile`), whose directory that start uses.
  public private(set) var active: ProfileRecord
  /// The name the first start gives the first profile (the login name, else `me`).
  public let firstProfile: ProfileName
  /// The household could not be made (a read-only data directory from before profiles): the
  /// one person's files are read where they are.
  private var unmovedFiles = false
  /// Each person's files, once opened, by directory.
  private var people: [String: PersonData] = [:]
  private var warnings: [StoreWarning] = []

  public init(
    directory: URL, stateDirectory: URL? = nil, cacheDirectory: URL? = nil,
    firstProfile: ProfileName = .me, now: @escaping () -> Date = Date.init
  ) {
    self.directory = directory
    self.stateDirectory = stateDirectory ?? directory
    self.cacheDirectory = cacheDirectory ?? directory
    self.firstProfile = firstProfile
    cart = Cart(
      file: PropertyListFile(
        url: directory.appendingPathComponent("cart.plist", isDirectory: false)))
    household = Household(dataDirectory: directory, now: now)
    active = ProfileRecord(id: 0, name: firstProfile.text)
  }

  /// Where compact copies of the user's files are kept (`tracker/` in the cache directory):
  /// each person's favourites and watched marks.
  public var copiesDirectory: URL { cacheDirectory.appendingPathComponent("tracker") }

  /// The active profile's files.
  public var person: PersonData { person(for: active) }

  /// The files of any profile of the household.
  public func person(for profile: ProfileRecord) -> PersonData {
    let directory = unmovedFiles ? self.directory : household.directory(forKey: profile.key)
    if let person = people[directory.path] { return person }
    let person = PersonData(directory: directory, cacheDirectory: copiesDirectory)
    people[directory.path] = person
    removeLeftovers(inPersonDirectory: directory)
    return person
  }

  /// The active profile's favourites.
  public var favorites: Favorites { person.favorites }
  /// The active profile's watched marks.
  public var watched: WatchedFile { person.watched }
  /// The active profile's last position and last categories.
  public var preferences: PropertyListFile<PreferencesDocument> { person.preferences }
  /// The active profile's show statuses, ratings, spoilers choice and `new` time.
  public var tracking: PropertyListFile<TrackingDocument> { person.tracking }

  // MARK: - Profiles

  /// Opens the household: the first start makes it (see `Household.prepare`), then the
  /// active profile is `chosen` (`--profile`, `$SHELF_PROFILE`, `profile` in the config: an
  /// unknown name throws `ProfileError.unknown`), else the one `profile use` chose last,
  /// else the first made in this data directory (`HouseholdDocument.firstMade`).
  public func openProfiles(chosen: String? = nil, afterStep: (String) -> Void = { _ in })
    throws
  {
    let oldFiles = PersonData.oldFileNames.map { name in
      (
        from: (name == "preferences.plist" ? stateDirectory : directory)
          .appendingPathComponent(name, isDirectory: false), name: name
      )
    }
    let notes: [String]
    do {
      notes = try household.prepare(first: firstProfile, oldFiles: oldFiles, afterStep: afterStep)
    } catch let error as StoreError where (try? household.read().profiles.isEmpty) == true {
      // A data directory from before profiles that cannot be written (mounted read-only):
      // its files are read where they are, and nothing is moved.
      unmovedFiles = true
      warn(
        StoreWarning(
          path: household.file.url.path,
          kind: .repaired("cannot make the household (\(error)); reading the files where they are"))
      )
      return
    }
    for note in notes {
      warn(StoreWarning(path: household.file.url.path, kind: .repaired(note)))
    }
    let people = try household.read()
    if let chosen {
      guard let record = people.profile(named: chosen) else {
        throw ProfileError.unknown(chosen, known: people.profiles.map(\.name))
      }
      active = record
    } else if let last = people.lastUsed.flatMap(people.profile(id:)) {
      active = last
    } else if let first = people.firstMade {
      active = first
    }
    var status = stat()
    for old in oldFiles where lstat(old.from.path, &status) == 0 {
      let yours = person.directory.appendingPathComponent(old.name, isDirectory: false)
      warn(StoreWarning(path: old.from.path, kind: .leftBehind(yours: yours.path)))
    }
  }

  /// Makes `profile` the active one; `remember` keeps it for the next start (`profile use`).
  public func use(_ profile: ProfileRecord, remember: Bool) throws {
    if remember { try household.remember(profile.id) }
    active = profile
  }

  /// Follows changes other shells made to the active profile: a rename (its files moved with
  /// it) is followed; when it was removed, the profile to start with becomes active and a
  /// warning says so. Cheap when nothing changed (one look at `profiles.plist`).
  public func followActiveProfile() {
    guard active.id != 0, let people = try? household.read(), !people.profiles.isEmpty else {
      return
    }
    if let current = people.profile(id: active.id) {
      if current != active { active = current }
      return
    }
    let removed = active.name
    active = people.lastUsed.flatMap(people.profile(id:)) ?? people.profiles[0]
    warn(
      StoreWarning(
        path: household.file.url.path,
        kind: .repaired("the profile \"\(removed)\" was removed; \"\(active.name)\" is active now"))
    )
  }

  /// Call when opening the data directory: finishes an import that was killed after it
  /// recorded its change (or removes what it staged in the household's files before that),
  /// and deletes the temporary files that writers killed half-way left behind, in every
  /// folder shelf writes: the data directory, each person's directory, the state directory,
  /// the cache directory and the folders in it. Each is listed once (a household of ten
  /// costs ten small listings); a person's staged import files are dealt with when their
  /// files are first used (`person(for:)`). Returns how many temporaries there were.
  @discardableResult
  public func removeStaleTemporaries() -> Int {
    // An import killed half-way left a journal or staged files (`.NAME.staged`).
    let hidden = DurableFile.hiddenNames(in: directory.path)
    if hidden.contains(where: { $0 == importJournal.lastPathComponent || $0.hasSuffix(".staged") })
    {
      finishInterruptedImport(staging: [])
    }
    var folders = [stateDirectory, cacheDirectory]
    folders += subfolders(of: household.profilesDirectory)
    folders += subfolders(of: cacheDirectory)
    var seen = [directory.standardizedFileURL.path]
    let inData = DurableFile.removeStaleTemporaries(in: directory, names: hidden)
    return folders.reduce(inData) { removed, folder in
      let path = folder.standardizedFileURL.path
      guard !seen.contains(path) else { return removed }
      seen.append(path)
      return removed + DurableFile.removeStaleTemporaries(in: folder)
    }
  }

  /// The directories in `folder` (not through symbolic links); none when it cannot be read.
  private func subfolders(of folder: URL) -> [URL] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
      return []
    }
    var status = stat()
    return names.map { folder.appendingPathComponent($0, isDirectory: true) }.filter {
      lstat($0.path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
  }

  /// What writers killed half-way left in a person's directory: the files an import staged
  /// there before it recorded its change (the journal, when there is one, was finished at
  /// start), and temporaries. Returns how many temporaries there were.
  @discardableResult
  private func removeLeftovers(inPersonDirectory directory: URL) -> Int {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
    else { return 0 }
    if names.contains(where: { $0.hasSuffix(".staged") }) {
      finishInterruptedImport(staging: [directory])
    }
    return DurableFile.removeStaleTemporaries(in: directory, names: names)
  }

  private func finishInterruptedImport(staging: [URL]) {
    do {
      try UserDataTransfer(data: self).finishInterruptedImport(staging: staging)
    } catch let error as StoreError {
      warn(StoreWarning(path: importJournal.path, kind: .importNotFinished(error.description)))
    } catch {
      warn(StoreWarning(path: importJournal.path, kind: .importNotFinished("\(error)")))
    }
  }

  public var historyURL: URL { stateDirectory.appendingPathComponent("history") }
  public var showListURL: URL { cacheDirectory.appendingPathComponent("shows.json") }

  /// Warnings from any of the files since the last call, and those given to `warn`.
  public func takeWarnings() -> [StoreWarning] {
    defer { warnings.removeAll() }
    return cart.file.takeWarnings() + household.file.takeWarnings()
      + people.keys.sorted().flatMap { people[$0]?.takeWarnings() ?? [] } + warnings
  }

  /// Adds a warning about the user's data for the next `takeWarnings`.
  public func warn(_ warning: StoreWarning) {
    warnings.append(warning)
  }

  /// Where an import records the files it is replacing, until they are all replaced.
  var importJournal: URL { directory.appendingPathComponent(".import-journal") }

  /// The data directory: `--data-dir`, else `$SHELF_HOME`, else `$XDG_DATA_HOME/shelf`, else
  /// `~/.local/share/shelf` (`~/Library/Application Support/shelf` on macOS).
  public static func resolveDirectory(explicit: String?, environment: [String: String]) -> URL {
    if let explicit, !explicit.isEmpty {
      return URL(fileURLWithPath: HomePath.expand(explicit, environment: environment))
    }
    if let home = environment["SHELF_HOME"], !home.isEmpty {
      return URL(fileURLWithPath: HomePath.expand(home, environment: environment))
    }
    #if os(macOS)
      let userHome = HomePath.directory(environment: environment)
      return URL(fileURLWithPath: userHome)
        .appendingPathComponent("Library/Application Support/shelf")
    #else
      if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
        return URL(fileURLWithPath: xdg).appendingPathComponent("shelf")
      }
      let userHome = HomePath.directory(environment: environment)
      return URL(fileURLWithPath: userHome).appendingPathComponent(".local/share/shelf")
    #endif
  }
}
