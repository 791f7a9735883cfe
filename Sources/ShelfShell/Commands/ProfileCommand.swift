import Foundation
import ShelfStore

/// `profile [add|use|rename|rm] [NAME] [NEW] [--born YYYY-MM] [-y]`: the people of the
/// household. Without an action it lists them (as `ls /profiles`).
struct ProfileCommand: Command {
  enum Action: String, CaseIterable, Sendable {
    case add, use, rename, rm
  }

  static let action = CommandArgument(
    .choice(of: Action.self), optional: true, help: "what to do (none: list the profiles)")
  static let person = CommandArgument(.profile, optional: true, help: "the person's name")
  static let newName = CommandArgument(
    .word("NEW"), optional: true, help: "(rename) the new name")
  static let born = CommandOption(
    ["--born"], .birthMonth, help: "(add) a child's birth month; without it, an adult")
  static let yes = CommandFlag(["-y", "--yes"], help: "(rm) do not ask")

  let name = "profile"
  let aliases = ["profiles"]
  let summary = "add, switch to, rename or remove a person of the household"
  var signature: CommandSignature {
    CommandSignature(
      arguments: [Self.action.spec, Self.person.spec, Self.newName.spec],
      options: [Self.born.spec, Self.yes.spec])
  }
  let discussion = """
    Each person has their own favorites, watched marks, stories read, wish list and last
    position; the cart, the catalog, the show store and the history are the household's.
    "profile add Mia --born 2019-05" adds a child (without --born, an adult); a child's age
    marks the toys and stories that fit. "profile use Mia" makes Mia the active profile, now
    and at the next start (--profile NAME, $SHELF_PROFILE and "profile = NAME" in the config
    win over it). "profile rename OLD NEW" keeps every claim made by and for them; screens and
    last positions on their page follow the new name.
    "profile rm NAME" asks first, saying which of their claims on others' wish lists it
    releases (-y skips the question), releases them and keeps the files aside in
    profiles/NAME.removed-DATE. Names are letters, digits, - and _, in any case; a name that
    looks like another one (Mia written with a full-width M) is taken, and one with an
    invisible or direction character is refused.
    """
  let examples = [
    "profile", "profile add Mia --born 2019-05", "profile add Dad", "profile use Leo",
    "profile rename Leo Leon", "profile rm Leo -y",
  ]
  let exampleSetup = ["profile add Leo --born 2017-09"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    guard let action = arguments[Self.action] else {
      try expectNothing(arguments)
      return CommandResult(report: try context.screens().report(for: .profiles))
    }
    let label = "\(name) \(action.rawValue)"
    let given = try required(arguments[Self.person], "NAME", command: label)
    let library = context.library
    let userData = library.userData
    if arguments[Self.born] != nil, action != .add {
      throw ShellError.usage(command: name, message: "--born goes with add")
    }
    if action != .rename, arguments[Self.newName] != nil {
      throw ShellError.tooManyArguments(command: label, expected: "NAME")
    }
    switch action {
    case .add:
      let newName = try Self.checked(given, command: label)
      let born = arguments[Self.born]
      let record = try userData.household.add(newName, born: born, today: library.now())
      let who =
        library.age(of: record).map { "born \(record.born ?? ""), \($0) years old" }
        ?? "an adult"
      return message(
        "Added \(record.name) (\(who)). \"profile use \(record.name)\" switches to them.")
    case .use:
      let record = try library.profile(named: given)
      try userData.use(record, remember: true)
      return message("\(record.name) is the active profile (also at the next start).")
    case .rename:
      let newName = try Self.checked(
        try required(arguments[Self.newName], "NEW", command: label), command: label)
      let (before, after) = try userData.household.rename(given, to: newName)
      userData.followActiveProfile()
      try followRename(from: before.name, to: after.name, in: library)
      var result = message("Renamed \(before.name) to \(after.name).")
      result.navigation = .renameProfile(from: before.name, to: after.name)
      return result
    case .rm:
      let household = try library.household()
      guard let record = household.profile(named: given) else {
        throw ProfileError.unknown(given, known: household.profiles.map(\.name))
      }
      if record.id == userData.active.id { throw ProfileError.removingTheActiveOne(record.name) }
      if household.profiles.count < 2 { throw ProfileError.removingTheLastOne(record.name) }
      let releasing = Self.described(try userData.releases(of: record, dryRun: true))
      var question =
        "Remove the profile \"\(record.name)\"? (Their files are kept aside, not deleted."
      if let releasing { question += " \(record.name)'s \(releasing) will be released." }
      guard try context.confirm(question + ")", skip: arguments[Self.yes]) else {
        return message("Kept the profile \"\(record.name)\".")
      }
      let removed = try userData.removeProfile(named: record.name)
      var text = "Removed the profile \"\(removed.record.name)\"."
      if let released = Self.described(removed.released) {
        text += " Released \(removed.record.name)'s \(released)."
      }
      if let kept = removed.keptAt { text += " Their files are kept in \(kept.path)." }
      return message(text)
    }
  }

  /// `2 claims on Mia's wish list and 1 cart line in the cart`; nil when nothing is released.
  static func described(_ releases: [Release]) -> String? {
    let parts = releases.filter { $0.count > 0 }.map { release in
      let place =
        release.owner.map { "on \($0.name)'s \(release.datum.place)" }
        ?? "in the \(release.datum.place)"
      return "\(release.datum.counted(release.count)) \(place)"
    }
    guard let last = parts.last else { return nil }
    return parts.count == 1 ? last : parts.dropLast().joined(separator: ", ") + " and " + last
  }

  /// Tab: the actions, then the names of the household (none for a new name).
  func complete(argumentIndex: Int, prefix: String, in context: CommandContext) -> [Candidate] {
    switch argumentIndex {
    case 0:
      return Action.allCases.map(\.rawValue).filter { $0.hasPrefix(prefix.lowercased()) }.map {
        Candidate($0, description: summary)
      }
    case 1:
      return ProfileCompletion(context: context).candidates(for: prefix)
    default:
      return []
    }
  }

  /// A new name, checked: one with an invisible or direction character is refused naming it.
  static func checked(_ text: String, command: String) throws -> ProfileName {
    if let scalar = ProfileName.invisibleCharacter(in: text) {
      throw ShellError.household(
        command: command,
        message:
          "a name may not hold an invisible or direction character; \"\(text)\" has "
          + ProfileName.describe(scalar))
    }
    guard let name = ProfileName(text) else {
      throw ShellError.badValue(
        command: command, name: "NAME", accepts: ProfileName.rule, value: text)
    }
    return name
  }

  private func required(_ value: String?, _ placeholder: String, command: String) throws
    -> String
  {
    guard let value else { throw ShellError.missingArgument(command: command, name: placeholder) }
    return value
  }

  private func expectNothing(_ arguments: ParsedArguments) throws {
    if arguments[Self.person] != nil || arguments[Self.born] != nil {
      throw ShellError.usage(command: name, message: "add, use, rename or rm comes first")
    }
  }

  /// Every person's last position on the renamed person's page or wish list follows the new
  /// name, so that a session resumes there.
  private func followRename(from old: String, to new: String, in library: Library) throws {
    for record in try library.household().profiles {
      let preferences = library.userData.person(for: record).preferences
      guard let path = try preferences.read().lastPath,
        let renamed = Self.path(path, renaming: old, to: new)
      else { continue }
      try preferences.update { $0.lastPath = renamed }
    }
  }

  /// `/profiles/OLD…` with the new name; nil for a path that does not name the person.
  static func path(_ path: String, renaming old: String, to new: String) -> String? {
    var parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard parts.count >= 3, parts[0].isEmpty, parts[1] == "profiles",
      ProfileName.key(parts[2]) == ProfileName.key(old)
    else { return nil }
    parts[2] = new
    return parts.joined(separator: "/")
  }

  private func message(_ text: String) -> CommandResult {
    CommandResult(report: .message(text))
  }
}
