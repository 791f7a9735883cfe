import ArgumentParser
import Foundation
import ShelfCatalog
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
      2 for bad usage. Type "help" inside the shell for its commands.
      """,
    version: version)

  @Option(
    name: .customLong("data-dir"),
    help: ArgumentHelp(
      "Keep favorites, cart, history and the last position in this one directory.",
      valueName: "dir"),
    completion: .directory)
  var dataDirectory: String?

  @Option(
    name: .customLong("catalog"), help: ArgumentHelp("The catalog directory.", valueName: "dir"),
    completion: .directory)
  var catalogDirectory: String?

  @Option(
    name: .customShort("c"),
    help: ArgumentHelp("Run this command line (repeatable), then exit.", valueName: "command"))
  var commands: [String] = []

  @Flag(
    name: .customLong("no-color"),
    help: "No colours (NO_COLOR and TERM=dumb do the same; CLICOLOR_FORCE=1 forces them).")
  var noColor = false

  @Flag(
    name: [.customShort("y"), .customLong("yes")],
    help: "Answer yes to confirmations (for scripts).")
  var yes = false

  @Flag(
    inversion: .prefixedNo,
    help: "Start at the last position (default: yes at a terminal, no in scripts).")
  var resume: Bool?

  @Flag(help: "Stop a script at its first error.")
  var bail = false

  @Flag(help: "Print listings and details as JSON, one document per command.")
  var json = false

  @Option(
    help: ArgumentHelp("Draw pictures: auto (the default), blocks or none.", valueName: "mode"),
    completion: .list(Terminal.ImageMode.allCases.map(\.rawValue)))
  var images: String?

  @Flag(
    name: .customLong("print-config"),
    help: "Print each setting, its value and where it came from, then exit.")
  var printConfig = false

  @Argument(
    help: ArgumentHelp("A file of commands to run.", valueName: "script"), completion: .file())
  var script: String?

  /// Prints the manual page (roff) built from these flags and the shell's commands.
  @Flag(name: .customLong("generate-manual"), help: .private)
  var generateManual = false

  func validate() throws {
    if let images, Terminal.ImageMode(rawValue: images) == nil {
      throw ValidationError("--images takes auto, blocks or none")
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
    let command: ShelfCommand
    do {
      command = try ShelfCommand.parse()
    } catch {
      let message = ShelfCommand.fullMessage(for: error)
      if ShelfCommand.exitCode(for: error).isSuccess {
        print(message)
        exit(0)
      }
      FileHandle.standardError.write(Data((message + "\n").utf8))
      exit(2)
    }
    if command.generateManual {
      do {
        print(try ManualPage(command: ShelfCommand.self, registry: .standard).roff, terminator: "")
        exit(0)
      } catch {
        FileHandle.standardError.write(Data("shelf: cannot write the manual: \(error)\n".utf8))
        exit(1)
      }
    }
    exit(Launcher(command: command, environment: ProcessInfo.processInfo.environment).run())
  }
}
