import Foundation

/// `help [COMMAND|TOPIC]`: lists commands, or one command's usage and examples.
struct HelpCommand: Command {
  static let topic = CommandArgument(
    .word("COMMAND"), optional: true,
    help: "a command, or a topic: paths, keys, scripts, shows, household")

  let name = "help"
  let aliases = ["?", "man"]
  let summary = "list commands, or one command's usage and examples"
  var signature: CommandSignature {
    CommandSignature(arguments: [Self.topic.spec])
  }
  let examples = ["help", "help buy", "help paths", "help shows"]

  static let topics: [String: [String]] = [
    "paths": [
      "Paths mirror the apps' screens:",
      "  /                      home: the sections with counts",
      "  /toys, /toys/Dolls, /toys/Dolls/42",
      "  /stories, /stories/3-5, /stories/3-5/7",
      "  /store, /store/Electronics, /store/Electronics/1001",
      "  /shows, /shows/1, /shows/1/S1 (a season; S2012 for years), /shows/1/S1/E3",
      "  /upnext (\"next\"): the next episode to watch of each favorite show",
      "  /favorites, /cart",
      "  /wishlist (yours), /profiles, /profiles/Mia, /profiles/Mia/wishlist",
      "Names match in any case; a space may be quoted, escaped (Building\\ Blocks) or a dash",
      "(building-blocks). \"..\", \".\", \"-\" (previous screen) and \"/\" work as in a shell.",
      "REF is an id (42), a name (a unique prefix is enough) or toy:42, story:7, product:1001, show:1.",
    ],
    "shelf": [
      "shelf is a shell for a family catalog: toys, stories, a store and TV shows (TVmaze).",
      "Inside it, \"help\" lists the commands and \"help COMMAND\" shows one.",
      "From your shell, \"shelf --help\" lists the launch flags (--data-dir, --catalog, -c, --json…)",
      "and \"man shelf\" has the whole manual when shelf is installed.",
    ],
    "shows": [
      "TV shows come from the TVmaze API (https://www.tvmaze.com/api).",
      "Data provided by TVmaze.com, licensed under CC BY-SA 4.0",
      "(https://creativecommons.org/licenses/by-sa/4.0/).",
      "Until the first \"refresh\", /shows lists the snapshot shipped with shelf.",
      "A show's episodes are fetched when first shown and kept; a favorite's are saved with it,",
      "so its seasons, watched marks, /upnext and \"upcoming\" work offline.",
      "Tracking: \"status\" says where a show stands (watching, plan, paused, dropped, completed,",
      "auto), \"rate\" gives a show or an episode 1-10, \"stats\" counts what you watched,",
      "\"spoilers hide\" hides what comes after your next episode, \"upcoming --format ics\" writes",
      "a calendar, \"new\" lists what aired since you last looked, and",
      "\"import --from trakt FILE\" brings your Trakt history.",
      "Set SHELF_TVMAZE_URL to use another server.",
    ],
    "scripts": [
      "shelf < script.txt, cat script | shelf, shelf script.txt and shelf -c 'cd toys' -c ls run",
      "commands without a prompt or line editing, and without colors unless CLICOLOR_FORCE=1",
      "(NO_COLOR wins) or color = always in the config file. Blank lines and # comments are skipped.",
      "A script records where it went (for the next interactive session) only with --resume.",
      "Errors print \"shelf: line N: message\" on stderr and the script goes on (--bail stops).",
      "Exit status: 0 all succeeded, 1 something failed, 2 bad command-line usage, N after exit N.",
      "Questions are never asked: a missing quantity means 1, a confirmation needs -y or --yes.",
      "--json prints listings and details as JSON, one document per command.",
    ],
    "household": [
      "Each person has a profile: their favorites, watched marks, stories read, wish list and",
      "last position. The cart, the catalog, the show store and the history are shared.",
      "  profile add Mia --born 2019-05   a child (without --born, an adult)",
      "  profile use Mia                  switch (also for the next start)",
      "  profile rename Mia Mimi; profile rm Leo   (rm keeps the files aside)",
      "With a child active, toys and stories that fit their age are marked \"fits\", and",
      "shows TVmaze files under Children or Family (its genres, not a content rating);",
      "ls --fits and find --fits keep only those, --for NAME uses another child's age.",
      "wish adds to your wish list (/wishlist); on someone else's (/profiles/NAME/wishlist)",
      "\"claim REF\" marks what you are buying, and \"buy REF --for NAME\" buys and claims.",
      "The owner of a list never sees its claims. \"read\" marks a story read; \"unread\" undoes it.",
      "At start: --profile NAME, else $SHELF_PROFILE, else profile = NAME in the config, else the",
      "profile last chosen with \"profile use\". The prompt names the profile once there are two.",
    ],
    "keys": [
      "Line editing is libedit's emacs mode; ~/.editrc (or $EDITRC) can rebind keys, and",
      "\"bind -v\" there gives vi mode (Tab and Ctrl-R keep these meanings in insert mode).",
      "  Tab         complete commands, paths, ids, names and options",
      "  Up, Down    recall history (the last 1,000 lines; a line starting with a space is",
      "              not remembered)",
      "  Ctrl-R      search history backwards",
      "  Ctrl-C      clear the line, or cancel a Ctrl-R search",
      "  Ctrl-D      leave (on an empty line)",
    ],
  ]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let registry = context.registry
    guard let topic = arguments[Self.topic] else {
      return CommandResult(
        report: Report(
          CommandListScreen(
            commands: registry.visible.map {
              CommandListScreen.Row(name: $0.name, usage: $0.usage, summary: $0.summary)
            })))
    }
    if let lines = Self.topics[topic.lowercased()] {
      return CommandResult(report: Report(HelpTopicScreen(topic: topic, lines: lines)))
    }
    do {
      return CommandResult(report: Report(CommandHelpScreen(try registry.command(named: topic))))
    } catch ShellError.unknownCommand {
      let names = registry.visible.map(\.name) + Self.topics.keys.sorted()
      let suggestion = EditDistance.nearest(to: topic, among: names)
      throw ShellError.household(
        command: name,
        message: "no command or topic \"\(topic)\""
          + (suggestion.map { "; did you mean \"\($0)\"?" } ?? "; \"help\" lists them"))
    }
  }

  func complete(argumentIndex: Int, prefix: String, in context: CommandContext) -> [Candidate] {
    guard argumentIndex == 0 else { return [] }
    let topics = Self.topics.keys.sorted().filter { $0.hasPrefix(prefix.lowercased()) }
      .map { Candidate($0, description: "topic") }
    return context.registry.names(startingWith: prefix) + topics
  }
}

/// `help`: every command with its summary.
struct CommandListScreen: Screen {
  struct Row: Encodable, Sendable {
    let name: String
    let usage: String
    let summary: String
  }

  let commands: [Row]

  func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(commands)
  }

  var blocks: [Block] {
    var blocks: [Block] = [.text(StyledText("Commands", .heading))]
    let width = (commands.map(\.name.count).max() ?? 0) + 2
    for command in commands {
      let name = command.name.padding(toLength: width, withPad: " ", startingAt: 0)
      blocks.append(
        .text(StyledText("  ") + StyledText(name, .accent) + StyledText(command.summary)))
    }
    blocks.append(.blank)
    blocks.append(
      .text(
        StyledText(
          "help COMMAND shows its usage and examples; more: help paths, help keys, help scripts, help household, help shows (TVmaze credit).",
          .dim)))
    return blocks
  }
}

/// `help paths`, `help keys`…: a topic's text.
struct HelpTopicScreen: Screen {
  let topic: String
  let lines: [String]

  private enum CodingKeys: String, CodingKey { case topic, text }

  func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(topic, forKey: .topic)
    try container.encode(lines.joined(separator: "\n"), forKey: .text)
  }

  var blocks: [Block] { lines.map { .text(StyledText($0)) } }
}

/// `help COMMAND`: its usage, summary, aliases, discussion, arguments, options and examples,
/// all read from the command's declaration.
struct CommandHelpScreen: Screen {
  /// An argument or an option: how it is written, and what it does.
  struct Term: Encodable, Sendable {
    let label: String
    let help: String
  }

  let name: String
  let usage: String
  let summary: String
  let discussion: String
  let aliases: [String]
  let arguments: [Term]
  let options: [Term]
  let examples: [String]

  private enum CodingKeys: String, CodingKey {
    case name, usage, summary, discussion, aliases, arguments, options, examples
  }

  init(_ command: any Command) {
    name = command.name
    usage = command.usage
    summary = command.summary
    discussion = command.discussion
    aliases = command.aliases
    arguments = command.signature.arguments.map { Term(label: $0.label, help: $0.fullHelp) }
    options = command.options.map { Term(label: $0.label, help: $0.fullHelp) }
    examples = command.examples
  }

  var blocks: [Block] {
    var blocks: [Block] = [
      .text(StyledText("usage: ", .dim) + StyledText(usage, .bold)),
      .text(StyledText(summary)),
    ]
    if !aliases.isEmpty {
      blocks.append(.text(StyledText("aliases: " + aliases.joined(separator: ", "), .dim)))
    }
    if !discussion.isEmpty {
      blocks += [
        .blank, .paragraph(StyledText(discussion.replacingOccurrences(of: "\n", with: " "))),
      ]
    }
    blocks += Self.terms("Arguments", arguments) + Self.terms("Options", options)
    if !examples.isEmpty {
      blocks.append(.blank)
      blocks.append(.text(StyledText("Examples", .bold)))
      blocks += examples.map { .text(StyledText("  " + $0, .accent)) }
    }
    return blocks
  }

  private static func terms(_ heading: String, _ terms: [Term]) -> [Block] {
    guard !terms.isEmpty else { return [] }
    let table = Table(
      columns: [.init(""), .init("", flexible: true)],
      rows: terms.map { [StyledText("  " + $0.label), StyledText($0.help)] })
    return [.blank, .text(StyledText(heading, .bold)), .table(table)]
  }
}
