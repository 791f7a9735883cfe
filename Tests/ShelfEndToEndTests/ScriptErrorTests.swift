import Foundation
import XCTest

/// SPEC §6: `shelf: line N: message` on stderr, the script goes on, exit statuses, --bail.
final class ScriptErrorTests: EndToEndTestCase {
  func testErrorNamesTheLineAndTheScriptContinues() throws {
    let url = try script(lines: ["# comment", "pwd", "", "lss", "cd toys", "pwd"])
    let run = try shelf([], input: .file(url))
    XCTAssertEqual(run.status, 1, run.summary)
    XCTAssertEqual(run.outputLines, ["/", "/toys"], run.summary)
    XCTAssertEqual(run.errorLines.count, 1, run.summary)
    XCTAssertTrue(run.errorLines.first?.hasPrefix("shelf: line 4: ") ?? false, run.summary)
  }

  func testErrorLineNumbersOfDashCCommands() throws {
    let run = try shelf(commands("pwd", "lss", "pwd", "cd /nowhere", "pwd"))
    XCTAssertEqual(run.status, 1, run.summary)
    XCTAssertEqual(run.outputLines, ["/", "/", "/"], run.summary)
    XCTAssertEqual(run.errorLines.count, 2, run.summary)
    XCTAssertTrue(run.errorLines[0].hasPrefix("shelf: line 2: "), run.summary)
    XCTAssertTrue(run.errorLines[1].hasPrefix("shelf: line 4: "), run.summary)
  }

  func testBailStopsAtTheFirstError() throws {
    let url = try script(lines: ["pwd", "lss", "cd toys", "pwd", "fav 1"])
    let run = try shelf(["--bail", url.path])
    XCTAssertEqual(run.status, 1, run.summary)
    XCTAssertEqual(run.outputLines, ["/"], run.summary)
    XCTAssertEqual(run.errorLines.count, 1, run.summary)
    XCTAssertTrue(run.errorLines.first?.hasPrefix("shelf: line 2: ") ?? false, run.summary)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: sandbox.personFile("favorites.plist").path),
      "a command after the error ran\n\(run.summary)")
  }

  func testBailWithStandardInput() throws {
    let run = try shelf(["--bail"], input: .pipe(Data("cd /nowhere\npwd\n".utf8)))
    XCTAssertEqual(run.status, 1, run.summary)
    XCTAssertEqual(run.output, "", run.summary)
    XCTAssertEqual(run.errorLines.count, 1, run.summary)
  }

  func testExitZeroWhenEverythingSucceeds() throws {
    let run = try shelf(commands("ls", "cd toys", "ls", "cd Dolls", "info 45", "pwd"))
    XCTAssertEqual(run.status, 0, run.summary)
    XCTAssertEqual(run.errors, "", run.summary)
  }

  func testUnknownCommandSuggestsTheNearest() throws {
    let run = try shelf(commands("lss", "pwdd", "hlep", "favv"))
    XCTAssertEqual(run.status, 1, run.summary)
    XCTAssertEqual(run.errorLines.count, 4, run.summary)
    for (index, (line, suggestion)) in zip(run.errorLines, ["ls", "pwd", "help", "fav"])
      .enumerated()
    {
      XCTAssertTrue(line.hasPrefix("shelf: line \(index + 1): "), run.summary)
      XCTAssertTrue(line.contains("did you mean"), run.summary)
      XCTAssertTrue(line.contains("\"\(suggestion)\""), "expected \(suggestion): \(line)")
    }
  }

  /// Two swapped letters, the commonest typo, suggest the intended command. (Regression:
  /// with plain Levenshtein in Sources/ShelfShell/EditDistance.swift a swap cost 2 and tied
  /// with short unrelated names: "pdw" suggested "cd", "hepl" the rm alias "del".)
  func testSwappedLettersSuggestTheIntendedCommand() throws {
    let run = try shelf(commands("pdw", "hepl", "fva"))
    XCTAssertEqual(run.errorLines.count, 3, run.summary)
    for (line, suggestion) in zip(run.errorLines, ["pwd", "help", "fav"]) {
      XCTAssertTrue(
        line.contains("did you mean \"\(suggestion)\""), "expected \(suggestion): \(line)")
    }
  }

  func testMisspelledPathSegmentSuggestsTheNearest() throws {
    let run = try shelf(commands("cd /toys/Dols", "pwd"))
    XCTAssertEqual(run.status, 1, run.summary)
    XCTAssertEqual(run.outputLines, ["/"], run.summary)
    XCTAssertTrue(run.errorLines.first?.contains("did you mean \"Dolls\"") ?? false, run.summary)
  }

  func testBadPathIsAnErrorAndStaysPut() throws {
    let run = try shelf(commands("cd /toys", "cd /toys/NoSuchCategory", "pwd"))
    XCTAssertEqual(run.status, 1, run.summary)
    XCTAssertEqual(run.outputLines, ["/toys"], run.summary)
    XCTAssertEqual(run.errorLines.count, 1, run.summary)
    XCTAssertTrue(run.errorLines[0].hasPrefix("shelf: line 2: "), run.summary)
    XCTAssertTrue(run.errorLines[0].contains("NoSuchCategory"), run.summary)
  }

  func testUnbalancedQuote() throws {
    let run = try shelf(commands("cd \"toys/Building Blocks", "pwd"))
    XCTAssertEqual(run.status, 1, run.summary)
    XCTAssertEqual(run.outputLines, ["/"], run.summary)
    XCTAssertEqual(run.errorLines.count, 1, run.summary)
    XCTAssertTrue(run.errorLines[0].hasPrefix("shelf: line 1: "), run.summary)
    XCTAssertTrue(run.errorLines[0].lowercased().contains("quote"), run.summary)
  }

  func testOverlongLineIsOneErrorAndTheScriptGoesOn() throws {
    var bytes = Data("pwd\nls ".utf8)
    bytes.append(Data(repeating: UInt8(ascii: "a"), count: 10_000))
    bytes.append(Data("\ncd toys\npwd\n".utf8))
    let url = try script(bytes)
    let run = try shelf([], input: .file(url))
    XCTAssertEqual(run.status, 1, run.summary)
    XCTAssertEqual(run.outputLines, ["/", "/toys"], run.summary)
    XCTAssertEqual(run.errorLines.count, 1, run.summary)
    XCTAssertTrue(run.errorLines[0].hasPrefix("shelf: line 2: "), run.summary)
    XCTAssertTrue(run.errorLines[0].contains("line too long"), run.summary)
    XCTAssertLessThan(run.errorLines[0].utf8.count, 200, "the error echoes the line")
  }

  func testOverlongDashCCommand() throws {
    let long = "ls " + String(repeating: "b", count: 10_000)
    let run = try shelf(["-c", "pwd", "-c", long, "-c", "pwd"])
    XCTAssertEqual(run.status, 1, run.summary)
    XCTAssertEqual(run.outputLines, ["/", "/"], run.summary)
    XCTAssertEqual(run.errorLines.count, 1, run.summary)
    XCTAssertTrue(run.errorLines[0].hasPrefix("shelf: line 2: "), run.summary)
    XCTAssertTrue(run.errorLines[0].contains("line too long"), run.summary)
  }

  func testInvalidUTF8IsOneErrorAndTheScriptGoesOn() throws {
    var bytes = Data("pwd\ncd ".utf8)
    bytes.append(contentsOf: [0xFF, 0xFE])
    bytes.append(Data("\n# comment\ncd stories\npwd\n".utf8))
    let url = try script(bytes)
    let run = try shelf([url.path])
    XCTAssertEqual(run.status, 1, run.summary)
    XCTAssertEqual(run.outputLines, ["/", "/stories"], run.summary)
    XCTAssertEqual(run.errorLines.count, 1, run.summary)
    XCTAssertTrue(run.errorLines[0].hasPrefix("shelf: line 2: "), run.summary)
    XCTAssertTrue(run.errorLines[0].contains("UTF-8"), run.summary)
    XCTAssertNotNil(
      String(data: run.stderr, encoding: .utf8), "stderr echoes the invalid bytes")
  }

  func testBuyWithoutQuantityInAScriptMeansOne() throws {
    let run = try shelf(commands("cd /toys/Dolls", "buy 45", "buy 44", "buy 44"))
    XCTAssertEqual(run.status, 0, run.summary)
    XCTAssertEqual(try cartQuantities(), ["toy:45": 1, "toy:44": 2], run.summary)
  }

  func testUnfavWithoutYesIsRefusedInAScript() throws {
    let run = try shelf(commands("cd /toys/Dolls", "fav 45", "unfav 45", "pwd"))
    XCTAssertEqual(run.status, 1, run.summary)
    XCTAssertEqual(run.errorLines.count, 1, run.summary)
    XCTAssertTrue(run.errorLines[0].hasPrefix("shelf: line 3: "), run.summary)
    XCTAssertTrue(run.outputLines.contains("/toys/Dolls"), "the script stopped\n\(run.summary)")
    XCTAssertEqual(try favoriteToyIDs(), [45], run.summary)
  }

  func testUnfavWithGlobalYes() throws {
    let run = try shelf(["--yes"] + commands("cd /toys/Dolls", "fav 45", "fav 44", "unfav 45"))
    XCTAssertEqual(run.status, 0, run.summary)
    XCTAssertEqual(try favoriteToyIDs(), [44], run.summary)
  }

  func testUnfavWithShortGlobalYes() throws {
    let run = try shelf(["-y"] + commands("cd /toys/Dolls", "fav 45", "unfav 45"))
    XCTAssertEqual(run.status, 0, run.summary)
    XCTAssertEqual(try favoriteToyIDs(), [], run.summary)
  }

  func testUnfavWithCommandYes() throws {
    let run = try shelf(commands("cd /toys/Dolls", "fav 45", "unfav 45 -y"))
    XCTAssertEqual(run.status, 0, run.summary)
    XCTAssertEqual(try favoriteToyIDs(), [], run.summary)
  }
}
