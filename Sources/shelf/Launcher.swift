import CEditLineShim
import Foundation
import ShelfCatalog
import ShelfFiles
import ShelfImages
import ShelfResources
import ShelfShell
import ShelfStore
import ShelfSync
import ShelfTV
import ShelfTerminal

/// Builds the library, picks the line reader and the start screen, and runs the shell.
struct Launcher {
  let command: ShelfCommand
  let environment: [String: String]

  func run() -> Int32 {
    let output = StandardStream(descriptor: 1)
    let errors = StandardStream(descriptor: 2)
    let config: ConfigFile?
    do {
      config = try ConfigFile.load(path: ConfigFile.defaultPath(environment: environment))
    } catch {
      errors.write("shelf: bad config file: \(TerminalText.sanitize(error.description))\n")
      return 2
    }
    let settings = Settings(
      commandLine: Settings.CommandLine(
        color: command.colorChoice, images: command.images, resume: command.resume,
        dataDirectory: command.dataDirectory, profile: command.profile),
      environment: environment, config: config, defaultPager: Pager.defaultCommand(environment))
    let directories = UserDirectories.resolve(
      chosenData: settings.dataDirectory.value, environment: environment)
    if command.printConfig {
      let configPath = ConfigFile.defaultPath(environment: environment)
      output.write(
        "# config file: \(TerminalText.sanitize(configPath))\(config == nil ? " (none)" : "")\n")
      for (key, value) in settings.all {
        var (shown, source) = (value.value, value.source)
        if key == "data-dir" { shown = directories.data.path }
        if key == "profile", shown.isEmpty {
          (shown, source) = startingProfile(in: directories)
        }
        output.write("\(key) = \(TerminalText.sanitize(shown))  # \(source)\n")
      }
      guard let failure = output.failure else { return 0 }
      errors.write("shelf: cannot write to standard output: \(failure)\n")
      return 1
    }
    let interactive = Terminal.isInteractiveRun(commands: command.commands, script: command.script)
    let terminal = Terminal(
      color: Terminal.ColorMode(rawValue: settings.color.value) ?? .auto,
      images: Terminal.ImageMode(rawValue: settings.images.value) ?? .auto,
      interactiveRun: interactive, environment: environment)
    for warning in directories.moveOldFiles() {
      errors.write("shelf: warning: \(warning)\n")
    }
    let catalogDirectory: URL
    do {
      catalogDirectory = try CatalogLocator.locate(
        explicit: command.catalogDirectory, environment: environment,
        layout: ResourceLayout.current())
    } catch let error as CatalogLocator.Unusable {
      errors.write("shelf: \(TerminalText.sanitize(error.description))\n")
      return 2
    } catch {
      errors.write("shelf: \(TerminalText.sanitize(String(describing: error)))\n")
      return 1
    }
    // Read on first use: a command that never touches the catalog does not load it, and a
    // broken catalog fails that first command with the file and line.
    let catalog = LazyCatalog(
      directory: catalogDirectory, indexStore: CatalogIndexStore(directory: directories.cache))
    let userData = directories.userData(
      firstProfile: ProfileName.firstProfile(login: environment["USER"]))
    userData.removeStaleTemporaries()
    let syncSetup = SyncSetup(environment: environment)
    do {
      // A sync killed half-way is finished before anything reads the household.
      try syncSetup.engine(for: directories.data).finishInterrupted()
    } catch {
      let message = ShellError(error, action: "sync").message
      errors.write("shelf: warning: sync: \(TerminalText.sanitize(message))\n")
    }
    do {
      try userData.openProfiles(
        chosen: settings.profile.value.isEmpty ? nil : settings.profile.value)
    } catch let error as ProfileError {
      let source = settings.profile.source
      errors.write("shelf: \(source): \(TerminalText.sanitize(error.description))\n")
      return 2
    } catch {
      errors.write("shelf: \(TerminalText.sanitize(String(describing: error)))\n")
      return 1
    }
    let baseURL: URL
    do {
      // Checked at start-up, so that a mistyped address is never silently ignored.
      baseURL = try TVMazeClient.configuredBaseURL(
        environment: ["SHELF_TVMAZE_URL": settings.tvmazeURL.value])
    } catch {
      errors.write("shelf: \(TerminalText.sanitize(String(describing: error)))\n")
      return 2
    }
    // Ctrl-C sets a flag that network waits and scripts look at (scripts stop with 130).
    shelf_install_interrupt_handler()
    let isInterrupted: @Sendable () -> Bool = { shelf_interrupt_pending() != 0 }
    let transport = ProcessTransport.besideExecutable(isCancelled: isInterrupted)
    defer { transport.close() }
    let client = TVMazeClient(
      baseURL: baseURL, transport: transport, clock: .interruptible(isCancelled: isInterrupted),
      pacingWindow: TVMazeClient.pacingWindow(environment: environment, baseURL: baseURL))
    let library = Library(
      catalog: catalog,
      shows: ShowLibrary(
        storeURL: directories.cache.appendingPathComponent("shows.sqlite"),
        snapshotURL: catalogDirectory.appendingPathComponent("shows.json"),
        legacyCopyURL: userData.showListURL, client: client),
      client: client,
      posters: PosterCache(
        directory: directories.cache.appendingPathComponent("posters", isDirectory: true),
        client: client,
        validator: { (try? ImageDecoder.decode($0)) != nil }),
      userData: userData)
    library.hidesSpoilersByDefault = settings.spoilers.value == "hide"
    library.syncSetup = syncSetup
    library.episodes.removeStaleTemporaries()

    let reader: LineReader
    if !command.commands.isEmpty {
      reader = ArgumentLineReader(lines: command.commands)
    } else if let given = command.script, given != "-" {
      let script = HomePath.expand(given, environment: environment)
      let descriptor = open(script, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else {
        errors.write("shelf: cannot open script \(script): \(String(cString: strerror(errno)))\n")
        return 2
      }
      // A directory opens but reads as an error, which would end the script at once with
      // status 0, as if it had run.
      var status = stat()
      if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
        close(descriptor)
        errors.write("shelf: cannot open script \(script): \(String(cString: strerror(EISDIR)))\n")
        return 2
      }
      reader = StreamLineReader(descriptor: descriptor)
    } else if interactive {
      let historyPath =
        environment["SHELF_HISTORY"].map { HomePath.expand($0, environment: environment) }
        ?? userData.historyURL.path
      var session: Session?
      guard
        let editor = EditLineReader(
          historyPath: historyPath, scratchDirectory: userData.stateDirectory,
          editrc: EditRCFile.path(environment: environment), printer: terminal.printer,
          warn: { errors.write("shelf: warning: \(TerminalText.sanitize($0))\n") },
          complete: { line, cursor in
            session?.complete(line, cursor: cursor)
              ?? Completion(wordStart: 0, openQuote: nil, candidates: [])
          })
      else {
        errors.write("shelf: cannot start the line editor\n")
        return 1
      }
      let shell = makeShell(
        library: library, reader: editor, terminal: terminal, settings: settings,
        interactive: true, output: output, errors: errors,
        recall: { [weak editor] in editor?.recalledLines ?? [] })
      session = shell.session
      let autoSync = automaticSync(
        library: library, settings: settings, terminal: terminal,
        output: output, errors: errors, progress: shell.progress)
      autoSync?.begin()
      shell.beforePrompt = { autoSync?.showFinished() }
      let status = shell.run()
      autoSync?.end()
      editor.finish()
      return status
    } else {
      // Piped input, or `shelf -`.
      reader = StreamLineReader(descriptor: 0)
    }
    return makeShell(
      library: library, reader: reader, terminal: terminal, settings: settings,
      interactive: false, output: output, errors: errors
    ).run()
  }

  /// The person a start without a choice begins as, read without changing anything: the one
  /// `profile use` chose last, else the first made here.
  private func startingProfile(in directories: UserDirectories) -> (String, String) {
    let household = try? Household(dataDirectory: directories.data).read()
    if let last = household?.lastUsed.flatMap({ household?.profile(id: $0) }) {
      return (last.name, "last chosen with profile use")
    }
    if let first = household?.firstMade { return (first.name, "the first profile") }
    return (ProfileName.firstProfile(login: environment["USER"]).text, "the login name")
  }

  /// The sync a session makes when it starts and ends: with `sync = auto` (the default), in a
  /// data directory that syncs.
  private func automaticSync(
    library: Library, settings: Settings, terminal: Terminal, output: StandardStream,
    errors: StandardStream, progress: ProgressLine
  ) -> AutoSync? {
    guard settings.sync.value == "auto",
      library.syncSetup.engine(for: library.userData.directory).isSyncing
    else { return nil }
    return AutoSync(
      setup: library.syncSetup, directory: library.userData.directory, output: output,
      errors: errors, progress: progress, style: terminal.style,
      interrupted: { shelf_interrupt_pending() != 0 })
  }

  private func makeShell(
    library: Library, reader: LineReader, terminal: Terminal, settings: Settings,
    interactive: Bool, output: StandardStream, errors: StandardStream,
    recall: (() -> [String])? = nil
  ) -> Shell {
    var start = Location.home
    if settings.resumes(interactive: interactive) {
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
    let editor = reader as? EditLineReader
    let asker: Asking =
      interactive
      ? TerminalAsker(
        renderer: { TextRenderer(style: terminal.style) },
        answer: editor.map { editor in { [weak editor] in editor?.answer(prompt: $0) } })
      : NoAsker()
    let progress = ProgressLine(errors: errors, inPlace: isatty(2) == 1)
    let session = Session(
      library: library,
      options: SessionOptions(
        interactive: interactive, assumeYes: command.yes, drawsImages: terminal.drawsImages,
        remembersPosition: interactive || settings.resume.value == "yes",
        format: command.outputFormat,
        homeDirectory: HomePath.directory(environment: environment), headers: !command.noHeader,
        terminalProgress: isatty(2) == 1, syncsAutomatically: settings.sync.value == "auto"),
      asker: asker, opener: BrowserOpener(environment: environment),
      progress: { progress.show($0) },
      diagnostics: { line in
        progress.clear()
        errors.write(TerminalText.sanitize(line) + "\n")
      },
      interrupted: { shelf_interrupt_pending() != 0 },
      start: start, recall: recall)
    // Shells do job control only when interactive: a script's pipe runs in shelf's group.
    let jobTerminal = ForegroundJob.controllingTerminal(interactive: interactive)
    return Shell(
      session: session, reader: reader, terminal: terminal,
      pager: Pager(command: settings.pager.value, terminal: jobTerminal), bail: command.bail,
      interactive: interactive, output: output, errors: errors, progress: progress,
      home: HomePath.directory(environment: environment), jobTerminal: jobTerminal)
  }
}
