// Linux only: posix_spawn file actions, /proc and the pty calls are written for glibc.
#if os(Linux)
  import Foundation
  import XCTest

  /// The household on a real pseudo-terminal: the prompt names the active profile once there
  /// are two, Tab completes profile names in any case, and the choice at start follows
  /// --profile, then $SHELF_PROFILE, then the one last chosen.
  final class HouseholdTerminalTests: TerminalTestCase {
    func testThePromptNamesTheProfileAndTabCompletesNames() throws {
      let single = try terminal(["--no-resume"])
      try expectPrompt(single, at: "/")
      single.type(Key.ctrlD)
      try expectExit(single)

      let setup = try shelf(commands("profile add Mia --born 2022-05", "profile add Max"))
      XCTAssertEqual(setup.status, 0, setup.summary)
      let shell = try terminal(["--no-resume"])
      try expectPrompt(shell, at: "/", profile: "me")
      shell.type("profile use mi")
      try expectPrompt(shell, at: "/", typed: "profile use mi", profile: "me")
      shell.type(Key.tab)
      try expectPrompt(shell, at: "/", typed: "profile use Mia ", profile: "me")
      shell.type(Key.enter)
      try expectText(shell, "Mia is the active profile")
      try expectPrompt(shell, at: "/", profile: "Mia")
      try run(shell, "cd /toys", at: "/", profile: "Mia")
      try expectPrompt(shell, at: "/toys", profile: "Mia")
      shell.type("ls Dolls --for M")
      shell.type(Key.tab)
      try expect(shell, "the three names") {
        let text = $0.plainText
        return text.contains("me") && text.contains("Mia") && text.contains("Max")
          && text.contains("adult") && text.contains("born 2022-05")
      }
      try expectPrompt(shell, at: "/toys", typed: "ls Dolls --for M", profile: "Mia")
      shell.type(Key.ctrlC)
      try expectPrompt(shell, at: "/toys", profile: "Mia")
      shell.type(Key.ctrlD)
      try expectExit(shell)

      // The choice is remembered; --profile and SHELF_PROFILE win over it, in that order.
      let again = try terminal(["--no-resume"])
      try expectPrompt(again, at: "/", profile: "Mia")
      again.type(Key.ctrlD)
      try expectExit(again)
      let chosen = try terminal(
        ["--no-resume", "--profile", "max"], environment: ["SHELF_PROFILE": "me"])
      try expectPrompt(chosen, at: "/", profile: "Max")
      chosen.type(Key.ctrlD)
      try expectExit(chosen)
      let fromEnvironment = try terminal(["--no-resume"], environment: ["SHELF_PROFILE": "me"])
      try expectPrompt(fromEnvironment, at: "/", profile: "me")
      fromEnvironment.type(Key.ctrlD)
      try expectExit(fromEnvironment)
    }

    func testAnUnknownProfileAtStartStopsWithStatus2() throws {
      let run = try shelf(["--profile", "Zed", "-c", "pwd"])
      XCTAssertEqual(run.status, 2, run.summary)
      XCTAssertEqual(run.errorLines, [#"shelf: --profile: no profile "Zed" (profiles: me)"#])
      let fromConfig = try shelf(["-c", "pwd"], environment: ["SHELF_PROFILE": "Zed"])
      XCTAssertEqual(
        fromConfig.errorLines,
        [#"shelf: environment SHELF_PROFILE: no profile "Zed" (profiles: me)"#])
    }
  }
#endif
