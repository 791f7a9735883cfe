import ShelfStore

/// The people a command acts for besides you: `watched --with Mia,Leo` (or `--with all`),
/// and `--for NAME` on /upnext. Declared once; a name no one has is one line suggesting the
/// nearest name, before anything changes.
enum WithPeople {
  static let option = CommandOption(
    ["--with"], .people, help: "for these people of the household too")

  /// You first, then the people `choice` names, each once (naming yourself adds no one).
  static func people(_ choice: PeopleChoice?, in context: CommandContext, command: String)
    throws -> [ProfileRecord]
  {
    let active = context.library.userData.active
    guard let choice else { return [active] }
    let household = try context.library.household()
    var people = [active]
    switch choice {
    case .everyone:
      people += household.profiles.filter { $0.id != active.id }
    case .named(let names):
      for name in names {
        let person = try self.person(
          named: name, in: household, option: "--with", command: command)
        if !people.contains(where: { $0.id == person.id }) { people.append(person) }
      }
    }
    return people
  }

  /// The person `name` names, or an error that suggests the nearest name.
  static func person(
    named name: String, in household: HouseholdDocument, option: String, command: String
  ) throws -> ProfileRecord {
    if let person = household.profile(named: name) { return person }
    let names = household.profiles.map(\.name)
    let hint =
      EditDistance.nearest(to: name, among: names).map { "did you mean \($0)?" }
      ?? "profiles: \(names.joined(separator: ", "))"
    throw ShellError.household(
      command: command, message: "\(option) \(name): no profile \"\(name)\" (\(hint))")
  }

  /// The person `given` names when it is not you (`ls /upnext --for Mia`); nil for you or
  /// none.
  static func other(
    _ given: String?, option: String, in context: CommandContext, command: String
  ) throws -> ProfileRecord? {
    guard let given else { return nil }
    let person = try person(
      named: given, in: try context.library.household(), option: option, command: command)
    return person.id == context.library.userData.active.id ? nil : person
  }

  /// How a person is named in a line about them: "You" for the active one.
  static func subject(_ person: ProfileRecord, in context: CommandContext) -> String {
    person.id == context.library.userData.active.id ? "You" : person.name
  }
}
