import Foundation
import ShelfCatalog
import ShelfShell
import ShelfStore
import ShelfTV

/// Builds the library, picks the line reader and the start screen, and runs the shell.
struct Launcher {
  let command: ShelfCommand
  let environment: [String: String]

  func run() -> Int32 {
    let output = StandardStream(descriptor: 1)
    let errors = StandardStream(descriptor: 2)
    let interactive = Terminal.isInteractiveRun(commands: command.commands, script: command.script)
    let terminal = Terminal(
      noColor: command.noColor, images: Terminal.ImageMode(rawValue: command.images) ?? .auto,
      interactiveRun: interactive, environment: environment)
    let dataDirectory = UserData.resolveDirectory(
      explicit: command.dataDirectory, environment: environment)
    let catalogDirectory = CatalogLocator.locate(
      explicit: command.catalogDirectory, environment: environment)
    // Read on first use: a command that never touches the catalog does not load it, and a
    // broken catalog fails that first command with the file and line.
    let catalog = LazyCatalog(directory: catalogDirectory)
    let userData = UserData(directory: dataDirectory)
    let client = TVMazeClient(
      baseURL: TVMazeClient.baseURL(environment: environment),
      transport: ProcessTransport.besideExecutable())
    let library = Library(
      catalog: catalog,
      shows: ShowLibrary(
        snapshotURL: catalogDirectory.appendingPathComponent("shows.json"),
        localCopyURL: userData.showListURL, client: client),
      client: client,
      posters: PosterCache(
        directory: PosterCache.directory(environment: environment), client: client),
      userData: userData)

    let reader: LineReader
    if !command.commands.isEmpty {
      reader = ArgumentLineReader(lines: command.commands)
    } else if let script = command.script {
      let descriptor = open(script, O_RDONLY)
      guard descriptor >= 0 else {
        errors.write("shelf: cannot open script \(script): \(String(cString: strerror(errno)))\n")
        return 2
      }
      reader = StreamLineReader(descriptor: descriptor)
    } else if interactive {
      let historyPath = environment["SHELF_HISTORY"] ?? userData.historyURL.path
      var session: Session?
      guard
        let editor = EditLineReader(
          historyPath: historyPath,
          complete: { line, cursor in
            session?.complete(line, cursor: cursor)
              ?? Completion(wordStart: 0, openQuote: nil, candidates: [])
          })
      else {
        errors.write("shelf: cannot start the line editor\n")
        return 1
      }
      let shell = makeShell(
        library: library, reader: editor, terminal: terminal, interactive: true, output: output,
        errors: errors)
      session = shell.session
      return shell.run()
    } else {
      reader = StreamLineReader(descriptor: 0)
    }
    return makeShell(
      library: library, reader: reader, terminal: terminal, interactive: false, output: output,
      errors: errors
    ).run()
  }

  private func makeShell(
    library: Library, reader: LineReader, terminal: Terminal, interactive: Bool,
    output: StandardStream, errors: StandardStream
  ) -> Shell {
    var start = Location.home
    if command.resume ?? interactive {
      let (location, note) = Session.resumeLocation(library: library)
      if let location {
        start = location
        if interactive {
          output.write("Resuming at \(location.path) (--no-resume starts at /).\n")
        }
      } else if let note, interactive {
        output.write(note + "\n")
      }
    }
    if interactive {
      output.write(
        "shelf \(ShelfCommand.version): type \"help\" for commands, Tab to complete, Ctrl-D to leave.\n"
      )
    }
    let asker: Asking =
      interactive ? TerminalAsker(renderer: { TextRenderer(style: terminal.style) }) : NoAsker()
    let session = Session(
      library: library,
      options: SessionOptions(
        interactive: interactive, assumeYes: command.yes, drawsImages: terminal.drawsImages,
        remembersPosition: interactive || command.resume == true),
      asker: asker, opener: BrowserOpener(environment: environment),
      progress: { errors.write($0 + "\n") },
      interrupted: { [weak reader] in reader?.takeInterrupt() ?? false },
      start: start, history: reader.previousHistory)
    return Shell(
      session: session, reader: reader, terminal: terminal, json: command.json, bail: command.bail,
      interactive: interactive, output: output, errors: errors)
  }
}
