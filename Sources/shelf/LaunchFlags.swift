import ArgumentParser
import Foundation

/// The launch flags as the argument parser describes them (its `--experimental-dump-help`
/// document): the one description that the manual page, the completion scripts and the search
/// for the first bad argument read, so none of them can disagree with what `shelf` accepts.
struct LaunchFlags {
  struct Unreadable: Error, CustomStringConvertible {
    let reason: String
    var description: String { "the argument parser's description of the flags: \(reason)" }
  }

  /// What a flag's value completes to.
  enum ValueCompletion: Equatable {
    case none
    case directory
    case file
    case list([String])
  }

  /// One flag, option or positional argument.
  struct Flag {
    enum Kind: String { case flag, option, positional }

    let kind: Kind
    /// Spelled as typed (`-c`, `--data-dir`); empty for the positional argument.
    let names: [String]
    /// The name the usage line shows.
    let preferredName: String?
    let valueName: String?
    let help: String
    let discussion: String
    let isOptional: Bool
    let isRepeating: Bool
    /// False for hidden flags (`--generate-manual`).
    let isVisible: Bool
    let completion: ValueCompletion

    var takesValue: Bool { kind == .option }
  }

  let commandName: String
  let abstract: String
  let discussion: String
  /// Every flag, hidden ones included, in declaration order.
  let all: [Flag]

  /// The flags a user is told about.
  var visible: [Flag] { all.filter(\.isVisible) }

  /// The names of the flags that take a value (`--catalog DIR`, `-c COMMAND`).
  var optionNames: Set<String> { Set(all.filter(\.takesValue).flatMap(\.names)) }

  init(command: ParsableCommand.Type) throws {
    let dump = command.fullMessage(for: Self.dumpRequest(command))
    let tool: Tool
    do {
      tool = try JSONDecoder().decode(Tool.self, from: Data(dump.utf8))
    } catch {
      throw Unreadable(reason: "\(error)")
    }
    commandName = tool.command.commandName
    abstract = tool.command.abstract ?? ""
    discussion = tool.command.discussion ?? ""
    all = try (tool.command.arguments ?? []).map(Self.flag)
  }

  /// The error the argument parser answers `--experimental-dump-help` with; its message is the
  /// JSON description of the command.
  private static func dumpRequest(_ command: ParsableCommand.Type) -> Error {
    do {
      _ = try command.parseAsRoot(["--experimental-dump-help"])
      return Unreadable(reason: "no description was produced")
    } catch {
      return error
    }
  }

  private static func flag(_ argument: Argument) throws -> Flag {
    guard let kind = Flag.Kind(rawValue: argument.kind) else {
      throw Unreadable(reason: "an argument of unknown kind \(argument.kind)")
    }
    let completion: ValueCompletion
    if argument.completionKind?.directory != nil {
      completion = .directory
    } else if argument.completionKind?.file != nil {
      completion = .file
    } else if let values = argument.completionKind?.list?.values {
      completion = .list(values)
    } else {
      completion = .none
    }
    return Flag(
      kind: kind, names: (argument.names ?? []).map(\.spelled),
      preferredName: argument.preferredName?.spelled,
      valueName: kind == .flag ? nil : argument.valueName, help: argument.abstract ?? "",
      discussion: argument.discussion ?? "", isOptional: argument.isOptional,
      isRepeating: argument.isRepeating, isVisible: argument.shouldDisplay,
      completion: completion)
  }

  private struct Tool: Decodable {
    let command: CommandInfo
  }

  private struct CommandInfo: Decodable {
    let commandName: String
    let abstract: String?
    let discussion: String?
    let arguments: [Argument]?
  }

  private struct Argument: Decodable {
    let kind: String
    let names: [Name]?
    let preferredName: Name?
    let valueName: String?
    let abstract: String?
    let discussion: String?
    let isOptional: Bool
    let isRepeating: Bool
    let shouldDisplay: Bool
    let completionKind: CompletionKind?
  }

  private struct CompletionKind: Decodable {
    struct Values: Decodable { let values: [String] }
    struct Empty: Decodable {}

    let directory: Empty?
    let file: Empty?
    let list: Values?
  }

  private struct Name: Decodable {
    let kind: String
    let name: String

    var spelled: String {
      kind == "short" || kind == "longWithSingleDash" ? "-" + name : "--" + name
    }
  }
}
