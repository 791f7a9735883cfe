import ArgumentParser
import Foundation
import ShelfShell
import ShelfStore
import ShelfTV

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The launch flags. Parsing only: `Launcher` does the work.
struct ShelfCommand: ParsableCommand {
  static let version = "0.1.0"

  static let configuration = CommandConfiguration(
    commandName: "shelf",
    abstract: "A shell for browsing toys, children's stories, a small store and TV shows.",
    discussion: """
      Interactive at a terminal (libedit line editing, Tab completion, history). With a script \
      file, piped input or -c it runs the commands without a prompt: errors go to stderr as \
      "shelf: line N: message"; the exit status is 0 when all succeeded, 1 when any failed, \
      2 for bad usage. "shelf -" reads the commands from standard input. Type "help" inside \
      the shell for its commands.
      """,
    version: "shelf \(version)")

  @Option(
    name: .customLong("data-dir"),
    help: ArgumentHelp(
      "Keep favorites, cart, history and the last position in this one directory.",
      valueName: "dir"),
    completion: .directory)
  var dataDirectory: String?

  @Option(
    name: .customLong("profile"),
    help: ArgumentHelp(
      "Start as this person of the household (instead of the one last chosen with profile use).",
      valueName: "name"))
  var profile: String?

  @Option(
    name: .customLong("catalog"), help: ArgumentHelp("The catalog directory.", valueName: "dir"),
    completion: .directory)
  var catalogDirectory: String?

  @Option(
    name: .customShort("c"),
    help: ArgumentHelp("Run this command line (repeatable), then exit.", valueName: "command"))
  var commands: [String] = []

  @Option(
    name: .customLong("color"),
    help: ArgumentHelp(
      "Colours: auto (the default: for a person at a terminal), always or never.",
      valueName: "when"),
    completion: .list(Terminal.ColorMode.allCases.map(\.rawValue)))
  var color: String?

  @Flag(
    name: .customLong("no-color"),
    help: "No colours: the same as --color=never (as NO_COLOR or TERM=dumb).")
  var noColor = false

  @Flag(
    name: [.customShort("y"), .customLong("yes")],
    help: "Answer yes to confirmations (for scripts).")
  var yes = false

  /// `--resume` or `--no-resume`, each with its own help; the last one given counts.
  enum ResumeChoice: String, EnumerableFlag {
    case resume, noResume

    static func help(for value: ResumeChoice) -> ArgumentHelp? {
      switch value {
      case .resume: "Start where the last session ended (the default at a terminal)."
      case .noResume: "Start at / (the default for scripts and -c)."
      }
    }
  }

  @Flag(exclusivity: .chooseLast)
  var resumeChoice: ResumeChoice?

  /// Whether --resume (true) or --no-resume (false) was given; nil: neither.
  var resume: Bool? { resumeChoice.map { $0 == .resume } }

  @Flag(help: "Stop a script at its first error.")
  var bail = false

  @Option(
    help: ArgumentHelp(
      "How reports are written: table (the default), csv, tsv, markdown or json.",
      valueName: "format"),
    completion: .list(OutputFormat.allCases.map(\.rawValue)))
  var format: String?

  @Flag(help: "Print listings and details as JSON, one document per command (--format json).")
  var json = false

  @Flag(help: "Print listings as CSV (RFC 4180) with a header of the JSON keys (--format csv).")
  var csv = false

  @Flag(help: "Print listings as tab-separated values (--format tsv).")
  var tsv = false

  @Flag(
    name: .customLong("no-header"),
    help:
      "Write lists without their title, header row and footer, in every format but JSON (as \"headers off\")."
  )
  var noHeader = false

  @Option(
    help: ArgumentHelp("Draw pictures: auto (the default), blocks or none.", valueName: "mode"),
    completion: .list(Terminal.ImageMode.allCases.map(\.rawValue)))
  var images: String?

  @Flag(
    name: .customLong("print-config"),
    help: "Print each setting, its value and where it came from, then exit.")
  var printConfig = false

  @Argument(
    help: ArgumentHelp("A file of commands to run (- for standard input).", valueName: "script"),
    completion: .file())
  var script: String?

  /// Prints the manual page (roff) built from these flags and the shell's commands.
  @Flag(
    name: .customLong("generate-manual"),
    help:
      "Print the manual page (roff, as man shows it) and exit: shelf --generate-manual > shelf.1")
  var generateManual = false

  /// Answered before the flags are parsed (`CompletionScript.request`); declared here so that
  /// `--help`, the manual page and the completion scripts name it like every other flag.
  @Option(
    name: .customLong("generate-completion-script"),
    help: ArgumentHelp(
      "Print the completion script for bash, zsh or fish and exit (tools/install installs them).",
      valueName: "shell"),
    completion: .list(CompletionScript.Shell.allCases.map(\.rawValue)))
  var generateCompletionScript: String?

  /// The output format the flags ask for: `--format`, or one of its short forms.
  var outputFormat: OutputFormat {
    if let format, let chosen = OutputFormat(rawValue: format) { return chosen }
    return json ? .json : csv ? .csv : tsv ? .tsv : .table
  }

  /// The colour setting the flags ask for (nil: neither --color nor --no-color).
  var colorChoice: String? { noColor ? "never" : color }

  func validate() throws {
    if let images, Terminal.ImageMode(rawValue: images) == nil {
      throw ValidationError("--images takes auto, blocks or none")
    }
    if let format, OutputFormat(rawValue: format) == nil {
      throw ValidationError("--format takes table, csv, tsv, markdown or json")
    }
    let formats =
      [format.map { "--format \($0)" }, json ? "--json" : nil, csv ? "--csv" : nil]
      + [tsv ? "--tsv" : nil]
    if formats.compactMap({ $0 }).count > 1 {
      throw ValidationError(
        "\(formats.compactMap { $0 }.joined(separator: " and ")) disagree: give one of them")
    }
    if let color, Terminal.ColorMode(rawValue: color) == nil {
      throw ValidationError("--color takes auto, always or never")
    }
    if noColor, let color, color != "never" {
      throw ValidationError("--no-color and --color=\(color) disagree: give one of them")
    }
    if script != nil && !commands.isEmpty {
      throw ValidationError("give either a script file or -c commands, not both")
    }
  }
}

@main
enum Main {
  static func main() {
    signal(SIGPIPE, SIG_IGN)
    let environment = ProcessInfo.processInfo.environment
    let arguments = Array(CommandLine.arguments.dropFirst())
    let output = StandardStream(descriptor: 1)
    let errors = StandardStream(descriptor: 2)
    // Answered here, not by the argument parser: the scripts are shelf's own (CompletionScript).
    if let request = CompletionScript.request(in: arguments) {
      switch request {
      case .success(let shell):
        exit(
          generate(output: output, errors: errors) { flags in
            CompletionScript(shell: shell, flags: flags, registry: .standard).text
          })
      case .failure(let unknown):
        errors.write(ArgumentMistake.report(message: unknown.description))
        exit(2)
      }
    }
    let command: ShelfCommand
    do {
      command = try ShelfCommand.parse(arguments)
    } catch {
      if ShelfCommand.exitCode(for: error).isSuccess {
        exit(finish(ShelfCommand.fullMessage(for: error) + "\n", output: output, errors: errors))
      }
      let optionNames = (try? LaunchFlags(command: ShelfCommand.self))?.optionNames ?? []
      let first = ArgumentMistake.first(in: arguments, optionNames: optionNames) {
        _ = try ShelfCommand.parse($0)
      }
      errors.write(ArgumentMistake.report(first ?? error))
      exit(2)
    }
    if command.generateManual {
      exit(
        generate(output: output, errors: errors) { flags in
          ManualPage(
            flags: flags, version: ShelfCommand.version,
            date: ManualPage.date(environment: environment), registry: .standard
          ).roff
        })
    }
    exit(Launcher(command: command, environment: environment).run())
  }

  /// Writes a text made from the launch flags (the manual page, a completion script).
  private static func generate(
    output: StandardStream, errors: StandardStream, _ make: (LaunchFlags) -> String
  ) -> Int32 {
    do {
      return finish(
        make(try LaunchFlags(command: ShelfCommand.self)), output: output, errors: errors)
    } catch {
      errors.write("shelf: \(error)\n")
      return 1
    }
  }

  /// Writes what `--help`, `--version` and the generators print: status 0, or 1 with a message
  /// when standard output cannot take it (`shelf --version >/dev/full`).
  private static func finish(_ text: String, output: StandardStream, errors: StandardStream)
    -> Int32
  {
    output.write(text)
    guard let failure = output.failure else { return 0 }
    errors.write("shelf: cannot write to standard output: \(failure)\n")
    return 1
  }
}
