/// `unread [REF]`: takes back the active profile's mark that a story was read.
struct UnreadCommand: Command {
  let name = "unread"
  let summary = "(stories) take back the mark that you read the story"
  var signature: CommandSignature {
    CommandSignature(arguments: [ItemArgument.optional.spec])
  }
  let discussion = "\"read\" marks a story read for the active profile once it has shown it."
  let examples = ["cd /stories/3-5/7; unread", "cd /stories/3-5; unread 7", "unread story:7"]
  let exampleSetup = ["read story:7"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let entry = try context.resolveItem(arguments[ItemArgument.optional], command: name)
    guard entry.item.kind == .story else {
      throw ShellError.wrongKind(command: name, name: entry.name, needs: "is not a story")
    }
    let userData = context.library.userData
    let removed = try userData.person.storiesRead.update { $0.unmark(entry.item.id) }
    guard removed else {
      throw ShellError.household(
        command: name, message: "you have not read \"\(entry.name)\"")
    }
    return CommandResult(
      report: .message("\"\(entry.name)\" is no longer marked read by you."))
  }
}
