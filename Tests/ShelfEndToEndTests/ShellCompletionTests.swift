// Linux only: the zsh check types into a pseudo-terminal (glibc pty calls).
#if os(Linux)
  import Foundation
  import XCTest

  /// The completion scripts as each shell finds them: laid out as `tools/install` lays them out
  /// (share/bash-completion/completions/shelf, share/zsh/site-functions/_shelf,
  /// share/fish/vendor_completions.d/shelf.fish), loaded by the shell's own mechanism
  /// (bash-completion's loader, zsh's compinit over fpath, fish's vendor directories) and then
  /// asked for its completions of `shelf --` and `shelf -c `. Each script also passes its
  /// shell's checker. A shell that is not installed skips its test (CI installs all three).
  final class ShellCompletionTests: EndToEndTestCase {
    private var share: URL { sandbox.file("prefix/share") }

    private let launchFlags = [
      "--bail", "--catalog", "--color", "--csv", "--data-dir", "--format",
      "--generate-completion-script", "--generate-manual", "--help", "--images",
      "--json", "--no-color", "--no-header", "--no-resume", "--print-config", "--profile",
      "--resume", "--tsv",
      "--version",
      "--yes",
    ]

    private func installScripts() throws {
      let places = [
        ("bash", "bash-completion/completions/shelf"), ("zsh", "zsh/site-functions/_shelf"),
        ("fish", "fish/vendor_completions.d/shelf.fish"),
      ]
      for (shell, path) in places {
        let run = try shelf(["--generate-completion-script", shell], dataDirFlag: false)
        XCTAssertEqual(run.status, 0, run.summary)
        let file = share.appendingPathComponent(path)
        try FileManager.default.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try run.stdout.write(to: file)
      }
      // fish loads a command's completions only for a command it finds on PATH.
      let bin = sandbox.file("prefix/bin")
      try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        at: bin.appendingPathComponent("shelf"), withDestinationURL: binary)
    }

    /// The sandbox's environment with the prefix's share/ among the data directories and its
    /// bin/ on PATH.
    private var environment: [String: String] {
      var environment = sandbox.environment
      environment["XDG_DATA_DIRS"] = share.path + ":/usr/share"
      environment["PATH"] = sandbox.file("prefix/bin").path + ":/usr/bin:/bin"
      return environment
    }

    private func program(_ name: String) throws -> URL {
      let found = ["/usr/bin", "/bin", "/usr/local/bin", "/opt/homebrew/bin"].map {
        URL(fileURLWithPath: $0).appendingPathComponent(name)
      }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
      guard let found else { throw XCTSkip("\(name) is not installed") }
      return found
    }

    private func run(_ program: URL, _ arguments: [String]) throws -> ShelfRun {
      try RunningShelf(
        binary: program, arguments: arguments, environment: environment, input: .none,
        workingDirectory: sandbox.home
      ).wait()
    }

    func testBashLoadsTheScriptAndCompletesFlagsAndCommands() throws {
      let bash = try program("bash")
      let loader = "/usr/share/bash-completion/bash_completion"
      guard FileManager.default.fileExists(atPath: loader) else {
        throw XCTSkip("bash-completion is not installed")
      }
      try installScripts()
      // What bash runs on Tab: the function `complete -p shelf` names, once the loader has
      // found the file (it looks in $XDG_DATA_DIRS/bash-completion/completions).
      let script = """
        source \(loader) || exit 3
        __load_completion shelf || exit 4
        spec=$(complete -p shelf) || exit 5
        function=${spec##*-F }
        function=${function%% *}
        line=$1
        read -ra COMP_WORDS <<<"$line"
        [ "${line: -1}" = " " ] && COMP_WORDS+=("")
        COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
        COMP_LINE=$line
        COMP_POINT=${#line}
        COMPREPLY=()
        "$function" shelf "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
        printf '%s\\n' "${COMPREPLY[@]}"
        """
      func completions(_ line: String) throws -> [String] {
        let result = try run(bash, ["-c", script, "bash", line])
        XCTAssertEqual(result.status, 0, result.summary)
        return result.outputLines.sorted()
      }
      XCTAssertEqual(try completions("shelf --"), launchFlags)
      let commands = try completions("shelf -c ")
      XCTAssertTrue(commands.contains("find") && commands.contains("ls"), "\(commands)")
      XCTAssertFalse(commands.contains("complete"), "a hidden command is offered: \(commands)")
      XCTAssertEqual(try completions("shelf --color "), ["always", "auto", "never"])
      try household()
      XCTAssertEqual(try completions("shelf --profile "), ["Mia", "me"])
      XCTAssertEqual(try completions("shelf --profile M"), ["Mia"])
    }

    /// A second person, in the data directory the sandbox's environment points at.
    private func household() throws {
      let run = try shelf(["-c", "profile add Mia --born 2019-05"], dataDirFlag: false)
      XCTAssertEqual(run.status, 0, run.summary)
    }

    func testFishLoadsTheScriptAndCompletesFlagsAndCommands() throws {
      let fish = try program("fish")
      try installScripts()
      // `complete -C` is fish's own answer to Tab; it loads shelf.fish from the vendor
      // directory under $XDG_DATA_DIRS.
      let result = try run(
        fish, ["-c", "complete -C 'shelf --'; echo '# -c'; complete -C 'shelf -c '"])
      XCTAssertEqual(result.status, 0, result.summary)
      let parts = result.output.components(separatedBy: "# -c\n")
      XCTAssertEqual(parts.count, 2, result.summary)
      let flags = parts[0].split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
      XCTAssertEqual(flags.sorted(), launchFlags, result.summary)
      XCTAssertTrue(
        parts[1].contains("find\tsearch this section"), "no command with its summary: \(parts[1])")
      XCTAssertFalse(result.output.contains("\nhelp\tShow subcommand"), result.summary)
      try household()
      let profiles = try run(fish, ["-c", "complete -C 'shelf --profile '"])
      XCTAssertEqual(
        profiles.outputLines.map { String($0.prefix { $0 != "\t" }) }.sorted(), ["Mia", "me"],
        profiles.summary)
    }

    /// zsh on a pseudo-terminal with the installed scripts in its fpath, ready for keys.
    private func zshSession() throws -> PseudoTerminalSession {
      let zsh = try program("zsh")
      var environment = self.environment
      environment["ZDOTDIR"] = sandbox.home.path
      let session = try PseudoTerminalSession(
        binary: zsh, arguments: ["-f", "-i"], environment: environment)
      let functions = share.appendingPathComponent("zsh/site-functions").path
      session.send(
        "PS1='%% '; fpath=(\(functions) $fpath); autoload -Uz compinit; compinit -u -D;"
          + " print ready\r")
      XCTAssertTrue(
        session.wait(timeout: 10) { $0.plainText.contains("\nready") }, session.plainText)
      return session
    }

    func testZshFindsTheScriptThroughFpathAndListsFlagsAndCommands() throws {
      _ = try program("zsh")
      try installScripts()
      let session = try zshSession()
      defer { session.stop() }

      session.send("shelf --\t")
      XCTAssertTrue(
        session.wait(timeout: 10) { $0.plainText.contains("--yes") }, session.plainText)
      let listed = session.plainText.split(whereSeparator: \.isNewline).compactMap { line in
        line.hasPrefix("--") ? line.split(separator: " ").first.map(String.init) : nil
      }
      XCTAssertEqual(Set(listed), Set(launchFlags), session.plainText)
      XCTAssertTrue(session.plainText.contains("-- Stop a script at its first error."))

      session.send("\u{15}shelf -c \t")
      XCTAssertTrue(
        session.wait(timeout: 10) { $0.plainText.contains("search this section") },
        session.plainText)
    }

    func testZshCompletesProfileWithTheHouseholdsNames() throws {
      _ = try program("zsh")
      try installScripts()
      try household()
      let session = try zshSession()
      defer { session.stop() }
      session.send("shelf --profile M\t")
      XCTAssertTrue(
        session.wait(timeout: 10) { $0.screen.currentLine.hasSuffix("shelf --profile Mia") },
        session.plainText)
    }

    func testEachScriptPassesItsShellsChecker() throws {
      for shell in ["bash", "zsh", "fish"] {
        let script = try shelf(["--generate-completion-script", shell], dataDirFlag: false)
        XCTAssertEqual(script.status, 0, script.summary)
        XCTAssertFalse(script.output.hasPrefix("#!"), "\(shell): a completion script is sourced")
        let file = sandbox.file("completion.\(shell)")
        try script.stdout.write(to: file)
        let checks: [(String, [String])] =
          shell == "bash"
          ? [("shellcheck", ["-s", "bash", file.path])] : [(shell, ["-n", file.path])]
        for (checker, arguments) in checks {
          guard let program = try? program(checker) else { continue }
          let result = try run(program, arguments)
          XCTAssertEqual(result.status, 0, "\(checker) on the \(shell) script:\n\(result.summary)")
        }
      }
    }

    func testAnUnknownShellIsAUsageError() throws {
      let run = try shelf(["--generate-completion-script", "ksh"], dataDirFlag: false)
      XCTAssertEqual(run.status, 2, run.summary)
      XCTAssertEqual(run.output, "")
      XCTAssertEqual(
        run.errorLines.first,
        "shelf: --generate-completion-script takes bash, zsh, fish, not \"ksh\"")
    }
  }
#endif
