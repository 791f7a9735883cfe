import ShelfShell
import XCTest

/// A command's declaration is the one source of its usage line, its parsing (typed values and
/// every error about the words), `help` and Tab.
final class CommandSignatureTests: XCTestCase {
  private enum Size: String, CaseIterable, Sendable { case small, large }

  private static let item = CommandArgument(.reference, optional: true, help: "the item")
  private static let count = CommandOption(
    ["-n", "--count"], .integer("QTY", in: 1...999), help: "how many")
  private static let size = CommandOption(["--size"], .choice(of: Size.self), help: "how big")
  private static let all = CommandFlag(["--all"], help: "everything")
  private static let pages = CommandOption(
    ["--pages"], .integer("N", in: 1...Int.max), help: "at most N pages", requires: all)
  private static let signature = CommandSignature(
    arguments: [item.spec], options: [count.spec, size.spec, all.spec, pages.spec])

  private func parse(_ words: [String]) throws -> ParsedArguments {
    try ParsedArguments(command: "get", words: words, signature: Self.signature)
  }

  private func message(_ words: [String]) -> String? {
    do {
      _ = try parse(words)
      return nil
    } catch {
      return (error as? ShellError)?.message
    }
  }

  func testTheUsageLineIsWrittenFromTheDeclaration() {
    XCTAssertEqual(
      Self.signature.usage(of: "get"),
      "get [REF] [-n QTY] [--size small|large] [--all [--pages N]]")
    XCTAssertEqual(CommandSignature.none.usage(of: "pwd"), "pwd")
  }

  func testValuesAreTypedAndTheLastArgumentTakesTheRestOfTheWords() throws {
    let arguments = try parse(["The", "Lantern", "-n3", "Snail", "--size=LARGE", "--all"])
    XCTAssertEqual(arguments[Self.item], "The Lantern Snail")
    XCTAssertEqual(arguments[Self.count], 3)
    XCTAssertEqual(arguments[Self.size], .large)
    XCTAssertTrue(arguments[Self.all])
    XCTAssertNil(arguments[Self.pages])
    let none = try parse([])
    XCTAssertNil(none[Self.item])
    XCTAssertFalse(none[Self.all])
  }

  func testEveryValueErrorIsWordedTheSameWay() {
    XCTAssertEqual(message(["-n", "x"]), "-n takes 1-999, not \"x\"")
    XCTAssertEqual(message(["--count=1000"]), "--count takes 1-999, not \"1000\"")
    XCTAssertEqual(message(["-n", "+5"]), "-n takes 1-999, not \"+5\"")
    XCTAssertEqual(message(["--size", "huge"]), "--size takes small or large, not \"huge\"")
    XCTAssertEqual(
      message(["--all", "--pages", "0"]), "--pages takes a whole number from 1, not \"0\"")
  }

  func testUnknownOptionsSuggestTheNearest() {
    XCTAssertEqual(message(["--cuont", "2"]), "unknown option --cuont; did you mean --count?")
    XCTAssertEqual(message(["--all=3"]), "unknown option --all=3 (see \"help get\")")
    XCTAssertEqual(message(["--zzzzzz"]), "unknown option --zzzzzz (see \"help get\")")
    XCTAssertEqual(message(["-n"]), "-n needs a QTY (see \"help get\")")
  }

  func testAnOptionThatGoesWithAnotherSaysSo() {
    XCTAssertEqual(message(["--pages", "2"]), "--pages goes with --all (see \"help get\")")
    XCTAssertNoThrow(try parse(["--all", "--pages", "2"]))
  }

  func testPositionalArgumentsAreCountedAndChecked() {
    let exit = CommandArgument(.integer("N", in: 0...255), optional: true, help: "status")
    let one = CommandSignature(arguments: [exit.spec])
    XCTAssertThrowsError(try ParsedArguments(command: "exit", words: ["1", "2"], signature: one)) {
      XCTAssertEqual(
        ($0 as? ShellError)?.message, "too many arguments; expected [N] (see \"help exit\")")
    }
    XCTAssertThrowsError(try ParsedArguments(command: "exit", words: ["300"], signature: one)) {
      XCTAssertEqual(($0 as? ShellError)?.message, "N takes 0-255, not \"300\"")
    }
    XCTAssertThrowsError(try ParsedArguments(command: "pwd", words: ["x"], signature: .none)) {
      XCTAssertEqual(($0 as? ShellError)?.message, "takes no arguments (see \"help pwd\")")
    }
    let required = CommandSignature(arguments: [CommandArgument(.file, help: "a file").spec])
    XCTAssertThrowsError(try ParsedArguments(command: "import", words: [], signature: required)) {
      XCTAssertEqual(($0 as? ShellError)?.message, "missing FILE (see \"help import\")")
    }
  }

  func testEveryCommandOfTheShellIsDeclared() {
    for command in CommandRegistry.standard.visible {
      let usage = command.usage
      XCTAssertTrue(usage.hasPrefix(command.name), usage)
      for argument in command.signature.arguments {
        XCTAssertTrue(usage.contains(argument.usage), "\(usage) names \(argument.usage)")
        XCTAssertFalse(argument.help.isEmpty, "\(command.name) \(argument.label) has help")
      }
      for option in command.options {
        XCTAssertTrue(usage.contains(option.shortestName), "\(usage) names \(option.names)")
        XCTAssertFalse(option.help.isEmpty, "\(command.name) \(option.label) has help")
      }
    }
  }
}
