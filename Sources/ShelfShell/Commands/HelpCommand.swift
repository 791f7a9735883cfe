import Foundation

/// `help [COMMAND|TOPIC]`: lists commands, or one command's usage and examples.
struct HelpCommand: Command {
  let name = "help"
  let aliases = ["?", "man"]
  let summary = "list commands, or one command's usage and examples"
  let usage = "help [COMMAND]"
  let examples = ["help", "help buy", "help paths", "help shows"]

  static let topics: [String: [String]] = [
    "paths": [
      "Paths mirror the apps' screens:",
      "  /                      home: the sections with counts",
      "  /toys, /toys/Dolls, /toys/Dolls/42",
      "  /stories, /stories/3-5, /stories/3-5/7",
      "  /store, /store/Electronics, /store/Electronics/1001",
      "  /shows, /shows/1",
      "  /favorites, /cart",
      "Names match in any case; a space may be quoted, escaped (Building\\ Blocks) or a dash",
      "(building-blocks). \"..\", \".\", \"-\" (previous screen) and \"/\" work as in a shell.",
      "REF is an id (42), a name (a unique prefix is enough) or toy:42, story:7, product:1001, show:1.",
    ],
    "shows": [
      "TV shows come from the TVmaze API (https://www.tvmaze.com/api).",
      "Data provided by TVmaze.com, licensed under CC BY-SA 4.0",
      "(https://creativecommons.org/licenses/by-sa/4.0/).",
      "Until the first \"refresh\", /shows lists the snapshot shipped with shelf.",
      "Set SHELF_TVMAZE_URL to use another server.",
    ],
    "scripts": [
      "shelf < script.txt, cat script | shelf, shelf script.txt and shelf -c 'cd toys' -c ls run",
      "commands without a prompt or line editing, and without colours unless CLICOLOR_FORCE=1",
      "(NO_COLOR wins) or color = always in the config file. Blank lines and # comments are skipped.",
      "A script records where it went (for the next interactive session) only with --resume.",
      "Errors print \"shelf: line N: message\" on stderr and the script goes on (--bail stops).",
      "Exit status: 0 all succeeded, 1 something failed, 2 bad command-line usage, N after exit N.",
      "Questions are never asked: a missing quantity means 1, a confirmation needs -y or --yes.",
      "--json prints listings and details as JSON, one document per command.",
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
    guard let topic = try arguments.optionalArgument("COMMAND") else {
      var blocks: [Block] = [.text(StyledText("Commands", .heading))]
      let width = (registry.visible.map(\.name.count).max() ?? 0) + 2
      for command in registry.visible {
        let name = command.name.padding(toLength: width, withPad: " ", startingAt: 0)
        blocks.append(
          .text(StyledText("  ") + StyledText(name, .accent) + StyledText(command.summary)))
      }
      blocks.append(.blank)
      blocks.append(
        .text(
          StyledText(
            "help COMMAND shows its usage and examples; more: help paths, help keys, help scripts, help shows (TVmaze credit).",
            .dim)))
      let data = registry.visible.map {
        ["name": $0.name, "usage": $0.usage, "summary": $0.summary]
      }
      return CommandResult(report: Report(blocks, data: data))
    }
    if let lines = Self.topics[topic.lowercased()] {
      return CommandResult(
        report: Report(
          lines.map { .text(StyledText($0)) },
          data: ["topic": topic, "text": lines.joined(separator: "\n")]))
    }
    let command = try registry.command(named: topic)
    var blocks: [Block] = [
      .text(StyledText("usage: ", .dim) + StyledText(command.usage, .bold)),
      .text(StyledText(command.summary)),
    ]
    if !command.aliases.isEmpty {
      blocks.append(.text(StyledText("aliases: " + command.aliases.joined(separator: ", "), .dim)))
    }
    if !command.discussion.isEmpty {
      blocks += [
        .blank,
        .paragraph(StyledText(command.discussion.replacingOccurrences(of: "\n", with: " "))),
      ]
    }
    if !command.options.isEmpty {
      blocks.append(.blank)
      blocks.append(.text(StyledText("Options", .bold)))
      for option in command.options {
        let names = option.names.joined(separator: ", ") + (option.valueName.map { " " + $0 } ?? "")
        blocks.append(
          .text(
            StyledText("  " + names.padding(toLength: 22, withPad: " ", startingAt: 0))
              + StyledText(option.help)))
      }
    }
    if !command.examples.isEmpty {
      blocks.append(.blank)
      blocks.append(.text(StyledText("Examples", .bold)))
      blocks += command.examples.map { .text(StyledText("  " + $0, .accent)) }
    }
    let data: [String: String] = [
      "name": command.name, "usage": command.usage, "summary": command.summary,
      "discussion": command.discussion,
    ]
    return CommandResult(report: Report(blocks, data: data))
  }

  func complete(argumentIndex: Int, prefix: String, in context: CommandContext) -> [Candidate] {
    guard argumentIndex == 0 else { return [] }
    let topics = Self.topics.keys.sorted().filter { $0.hasPrefix(prefix.lowercased()) }
      .map { Candidate($0, description: "topic") }
    return context.registry.names(startingWith: prefix) + topics
  }
}
