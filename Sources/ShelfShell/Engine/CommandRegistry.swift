/// The commands of the shell by name and alias. Unknown names get the nearest as a
/// suggestion; a unique prefix of a command's name runs that command (as lftp does).
public struct CommandRegistry {
  public let commands: [any Command]

  public init(commands: [any Command]) {
    self.commands = commands
  }

  public var visible: [any Command] { commands.filter { !$0.isHidden } }

  public func command(named name: String) throws -> any Command {
    let lowered = name.lowercased()
    if let exact = commands.first(where: { $0.name == lowered || $0.aliases.contains(lowered) }) {
      return exact
    }
    let prefixed = visible.filter { $0.name.hasPrefix(lowered) }
    if lowered.count >= 2, prefixed.count == 1 { return prefixed[0] }
    // Main names first, so that on a tie the suggestion is a name `help` lists.
    let names = visible.map(\.name) + visible.flatMap(\.aliases)
    throw ShellError.unknownCommand(name, suggestion: EditDistance.nearest(to: name, among: names))
  }

  /// Command names starting with `prefix`, for completion; aliases too once something is
  /// typed (an empty prompt lists each command once).
  public func names(startingWith prefix: String) -> [Candidate] {
    let lowered = prefix.lowercased()
    return visible.flatMap { command in
      ([command.name] + (lowered.isEmpty ? [] : command.aliases)).filter { $0.hasPrefix(lowered) }
        .map { Candidate($0, description: command.summary) }
    }
  }
}
