/// `cd [PATH]`: goes to a screen; `cd -` returns to the previous one; no PATH goes home.
struct ChangeDirectoryCommand: Command {
  static let path = CommandArgument(
    .path, optional: true, help: "where to go (default: /; \"-\": the previous screen)")

  let name = "cd"
  let summary = "go to PATH (no argument: /, \"-\": the previous screen)"
  var signature: CommandSignature {
    CommandSignature(arguments: [Self.path.spec])
  }
  let discussion = """
    Paths work as in a shell: absolute (/toys/Dolls) or relative (Dolls, ../stories), with
    "..", "." and "-". Names match in any case; a space may be quoted ("Building Blocks"),
    escaped (Building\\ Blocks) or written as a dash (building-blocks).
    """
  let examples = [
    "cd toys/Dolls", "cd /toys/Dolls; cd ..", "cd /toys; cd -", "cd \"/toys/Arts & Crafts\"",
    "cd /stories/3-5",
  ]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    guard let path = arguments[Self.path] else {
      return CommandResult(navigation: .go(.home))
    }
    let location = try context.resolvePath(path, command: name)
    try context.fetchWhatIsNeeded(at: location)
    return CommandResult(navigation: .go(location))
  }
}
