import Foundation
import ShelfCatalog
import ShelfDomain
import ShelfTerminal
import XCTest

@testable import ShelfShell

final class TokenizerTests: XCTestCase {
  func testQuotesAndEscapes() throws {
    XCTAssertEqual(try Tokenizer.words("cd toys/Dolls"), ["cd", "toys/Dolls"])
    XCTAssertEqual(
      try Tokenizer.words("cd \"toys/Building Blocks\""), ["cd", "toys/Building Blocks"])
    XCTAssertEqual(try Tokenizer.words("cd 'a \"b\"'"), ["cd", "a \"b\""])
    XCTAssertEqual(try Tokenizer.words("cd Building\\ Blocks"), ["cd", "Building Blocks"])
    XCTAssertEqual(try Tokenizer.words("  ls   -n  2 "), ["ls", "-n", "2"])
    XCTAssertEqual(try Tokenizer.words("x \"a\\\"b\""), ["x", "a\"b"])
    XCTAssertEqual(try Tokenizer.words("x \"\""), ["x", ""])
  }

  func testSemicolonsSeparateCommandsUnlessQuoted() {
    XCTAssertEqual(Tokenizer.statements("cd toys; ls"), ["cd toys", " ls"])
    XCTAssertEqual(Tokenizer.statements("find \"a;b\"; ls"), ["find \"a;b\"", " ls"])
    XCTAssertEqual(Tokenizer.statements("find 'a;b'"), ["find 'a;b'"])
    XCTAssertEqual(Tokenizer.statements("find a\\;b"), ["find a\\;b"])
    XCTAssertEqual(Tokenizer.statements("ls # not; a command"), ["ls "])
    XCTAssertEqual(Tokenizer.statements("find x#y; ls"), ["find x#y", " ls"])
    XCTAssertEqual(Tokenizer.statements(";; pwd ;"), [" pwd "])
    XCTAssertEqual(try Tokenizer.words("x " + Tokenizer.escape("Tom; Jerry")), ["x", "Tom; Jerry"])
  }

  func testUnbalancedQuotesAreErrors() {
    XCTAssertThrowsError(try Tokenizer.words("cd \"toys")) { error in
      XCTAssertEqual(error as? Tokenizer.Failure, .unbalancedQuote("\""))
    }
    XCTAssertThrowsError(try Tokenizer.words("cd 'toys"))
    XCTAssertThrowsError(try Tokenizer.words("cd toys\\"))
  }

  func testEscapeRoundTrips() throws {
    for text in ["Building Blocks", "Arts & Crafts", "it's", "say \"hi\"", "back\\slash", "Étoile"]
    {
      XCTAssertEqual(try Tokenizer.words("x " + Tokenizer.escape(text)), ["x", text])
    }
  }

  func testSplitKeepsPositionsAndOpenQuote() {
    let words = Tokenizer.split("open \"Han", keepTrailingEmptyWord: true)
    XCTAssertEqual(words.map(\.text), ["open", "Han"])
    XCTAssertEqual(words.last?.start, 5)
    XCTAssertEqual(words.last?.openQuote, "\"")
    XCTAssertEqual(Tokenizer.split("cd ", keepTrailingEmptyWord: true).last?.text, "")
  }
}

final class NavigationTests: XCTestCase {
  func testGoBackAndPrevious() {
    var navigation = Navigation()
    navigation.go(to: .toys)
    navigation.go(to: .toyCategory("Dolls"))
    XCTAssertEqual(navigation.previous, .toys)
    XCTAssertTrue(navigation.back())
    XCTAssertEqual(navigation.current, .toys)
    XCTAssertTrue(navigation.back())
    XCTAssertEqual(navigation.current, .home)
    XCTAssertFalse(navigation.back())
  }

  func testGoingToTheSameScreenAddsNothing() {
    var navigation = Navigation()
    navigation.go(to: .toys)
    navigation.go(to: .toys)
    XCTAssertEqual(navigation.backStack, [.home])
  }

  func testStackIsBounded() {
    var navigation = Navigation()
    for index in 0..<(Navigation.depthLimit + 50) {
      navigation.go(to: .toy(category: "Dolls", id: index))
    }
    XCTAssertEqual(navigation.backStack.count, Navigation.depthLimit)
  }

  func testPathsAndParents() {
    let toy = Location.toy(category: "Building Blocks", id: 3)
    XCTAssertEqual(toy.path, "/toys/Building Blocks/3")
    XCTAssertEqual(toy.parent, .toyCategory("Building Blocks"))
    XCTAssertEqual(toy.item, ItemID(.toy, 3))
    XCTAssertEqual(Location.home.parent, .home)
    let search = Location.search(
      scope: .toys, search: Search(text: "bear", request: ListRequest(limit: 2)))
    XCTAssertEqual(search.resumable, .toys)
    XCTAssertEqual(search.path, "/toys", "a path cd accepts")
    XCTAssertEqual(search.label, "/toys [find \"bear\", first 2]")
  }
}

final class PathResolverTests: XCTestCase {
  private func resolve(_ path: String, from location: Location = .home) throws -> Location {
    let files = try TestLibrary()
    return try withExtendedLifetime(files) {
      try PathResolver(places: Places(library: try files.make())).resolve(path, from: location)
    }
  }

  func testAbsoluteRelativeAndDots() throws {
    XCTAssertEqual(try resolve("/toys/dolls"), .toyCategory("Dolls"))
    XCTAssertEqual(try resolve("building-blocks", from: .toys), .toyCategory("Building Blocks"))
    XCTAssertEqual(try resolve("../Puzzles", from: .toyCategory("Dolls")), .toyCategory("Puzzles"))
    XCTAssertEqual(try resolve("./../..", from: .toyCategory("Dolls")), .home)
    XCTAssertEqual(try resolve("/toys/Dolls/42"), .toy(category: "Dolls", id: 42))
    XCTAssertEqual(try resolve("/stories/3-5/7"), .story(ages: AgeRange(parsing: "3-5")!, id: 7))
    XCTAssertEqual(
      try resolve("/STORE/electronics/1001"), .product(category: "Electronics", id: 1001))
    XCTAssertEqual(try resolve("/shows/1"), .show(id: 1))
    XCTAssertEqual(try resolve("/favourites"), .favorites)
  }

  func testUnknownSegmentsSuggestTheNearest() {
    XCTAssertThrowsError(try resolve("/toys/Dollz")) { error in
      XCTAssertEqual(
        (error as? ShellError)?.message,
        "no such screen: /toys/Dollz (/toys has no entry \"Dollz\"; did you mean \"Dolls\"?)")
    }
    XCTAssertThrowsError(try resolve("/cart/anything"))
    XCTAssertThrowsError(try resolve("/toys/Dolls/1"))
  }
}

final class CommandRegistryTests: XCTestCase {
  func testEveryCommandHasHelpAndAppearsInHelp() throws {
    let registry = CommandRegistry.standard
    let files = try TestLibrary()
    defer { withExtendedLifetime(files) {} }  // its folder goes when the test is done with it
    let library = try files.make()
    let session = Session(
      library: library, options: SessionOptions(interactive: false), asker: ScriptedAsker(),
      opener: RecordingOpener())
    let listing = try XCTUnwrap(session.execute("help").report)
    let text = TextRenderer(style: .plain).render(listing)
    for command in registry.visible {
      XCTAssertFalse(command.summary.isEmpty, command.name)
      XCTAssertTrue(command.usage.hasPrefix(command.name), command.name)
      XCTAssertTrue(
        text.contains("  \(command.name) ") && text.contains(command.summary),
        "help lists \(command.name)")
      let detail = session.execute("help \(command.name)")
      XCTAssertNil(detail.error, command.name)
      XCTAssertTrue(
        TextRenderer(style: .plain).render(try XCTUnwrap(detail.report)).contains(
          "usage: \(command.usage)"))
    }
    let names = registry.commands.flatMap { [$0.name] + $0.aliases }
    XCTAssertEqual(names.count, Set(names).count, "names and aliases are unique")
  }

  func testEveryDeclaredOptionIsInItsUsageLine() {
    for command in CommandRegistry.standard.visible {
      for option in command.options {
        XCTAssertTrue(
          option.names.contains { command.usage.contains($0) },
          "\(command.name)'s usage names \(option.names)")
      }
    }
  }

  func testSuggestionsAreOnlyRealNearMisses() {
    let registry = CommandRegistry.standard
    XCTAssertThrowsError(try registry.command(named: "5")) { error in
      XCTAssertEqual(error as? ShellError, .unknownCommand("5", suggestion: nil))
    }
    XCTAssertThrowsError(try registry.command(named: "pdw")) { error in
      XCTAssertEqual(error as? ShellError, .unknownCommand("pdw", suggestion: "pwd"))
    }
  }

  private enum Order: String, CaseIterable, Sendable { case name, price }

  func testParserAndCompleterReadOptionsTheSameWay() {
    let options = [
      CommandOption(["-n", "--quantity"], .integer("QTY", in: 1...999), help: "how many").spec,
      CommandOption(["--sort"], .choice("KEY", of: Order.self), help: "order").spec,
      CommandFlag(["-y"], help: "yes").spec,
    ]
    let words = ParsedArguments.scan(["a", "-n", "2", "-y", "b", "--sort"], options: options)
    guard case .missingValue(let spec, _) = words.last else {
      return XCTFail("--sort at the end waits for its value: \(words)")
    }
    XCTAssertEqual(spec.names, ["--sort"])
    let positional = words.compactMap { word -> String? in
      if case .positional(_, let text) = word { return text }
      return nil
    }
    XCTAssertEqual(positional, ["a", "b"])
    XCTAssertThrowsError(
      try ParsedArguments(
        command: "ls", words: ["--sort", "colour"], signature: CommandSignature(options: options))
    ) { error in
      XCTAssertEqual(
        (error as? ShellError)?.message, "--sort takes name or price, not \"colour\"")
    }
  }

  func testUnknownCommandsSuggestAndPrefixesRun() throws {
    let registry = CommandRegistry.standard
    XCTAssertThrowsError(try registry.command(named: "lss")) { error in
      XCTAssertEqual(error as? ShellError, .unknownCommand("lss", suggestion: "ls"))
    }
    XCTAssertEqual(try registry.command(named: "hist").name, "history")
    XCTAssertEqual(try registry.command(named: "QUIT").name, "exit")
    XCTAssertThrowsError(try registry.command(named: "zzzzzz")) { error in
      XCTAssertEqual(error as? ShellError, .unknownCommand("zzzzzz", suggestion: nil))
    }
  }
}

final class RendererTests: XCTestCase {
  func testControlSequencesAreStripped() {
    let hostile = "Bad\u{1B}]0;pwned\u{07}Show\u{1B}[2J\u{1B}[31m red\u{9B}\u{07}\tend\u{202E}"
    XCTAssertEqual(TerminalText.sanitize(hostile), "BadShow red end")
    let rendered = TextRenderer(style: TerminalStyle(colors: false, width: 80)).render(
      [.text(StyledText(hostile))])
    XCTAssertFalse(rendered.contains("\u{1B}"))
  }

  func testActionLabelsAreButtonsAtAColorTerminalOnly() {
    let report: [Block] = [
      .text(
        StyledText("★", .favorite) + StyledText(" Favorite ", .saveAction)
          + StyledText(" Delete ", .deleteAction))
    ]
    // In plain text a favorite reads as state (the ★), never as an action label.
    XCTAssertEqual(TextRenderer(style: .plain).render(report), "★\n")
    let colored = TextRenderer(style: TerminalStyle(colors: true, width: 80)).render(report)
    XCTAssertTrue(colored.contains("\u{1B}[1;30;42m Favorite \u{1B}[0m"))
    XCTAssertTrue(colored.contains("\u{1B}[1;97;41m Delete \u{1B}[0m"))
  }

  func testTablesFitTheWidth() {
    let table = Table(
      columns: [.init("Id", .right), .init("Name", flexible: true), .init("Price", .right)],
      rows: [
        [
          StyledText("1"), StyledText(String(repeating: "long name ", count: 20)),
          StyledText("$1.00"),
        ]
      ])
    let lines = TextRenderer(style: TerminalStyle(colors: false, width: 40)).render(
      [.table(table)]
    )
    .split(separator: "\n")
    XCTAssertTrue(lines.allSatisfy { DisplayWidth.of(String($0)) <= 40 })
    XCTAssertTrue(lines[1].contains("…"))
  }

  func testFiguresDrawEachPictureWithItsTableRowBesideIt() {
    let image = TestLibrary.catalogDirectory.appendingPathComponent("images/products/1001.png")
    let table = Table(
      columns: [.init("Id", .right), .init("Name", flexible: true), .init("")],
      rows: [
        [StyledText("1"), StyledText("Under the Dome"), StyledText("[Favorite]")],
        [StyledText("250"), StyledText("Kirby Buckets"), StyledText("")],
      ])
    let pictures = [
      ImageSource(file: image, fallback: "Poster: url", maxColumns: 12),
      ImageSource(fallback: "(no poster for Kirby Buckets)", maxColumns: 12),
    ]
    let drawn = TextRenderer(
      style: TerminalStyle(colors: true, width: 80, imagePalette: .trueColor)
    ).render([.figures(table, pictures: pictures)]).split(separator: "\n").map(String.init)
    XCTAssertEqual(drawn.count, 1 + 6 + 2, "a header, a 32x32 image in 12 columns, a missing one")
    // The header and the rows in the table's columns, beside the pictures.
    XCTAssertEqual(TerminalText.sanitize(drawn[0]), String(repeating: " ", count: 14) + " Id  Name")
    XCTAssertTrue(TerminalText.sanitize(drawn[1]).hasSuffix("▀    1  Under the Dome  [Favorite]"))
    XCTAssertTrue(drawn[2].hasSuffix("\u{1B}[0m"))
    XCTAssertEqual(
      TerminalText.sanitize(drawn[7]), String(repeating: " ", count: 14) + "250  Kirby Buckets")
    XCTAssertEqual(
      TerminalText.sanitize(drawn[8]),
      String(repeating: " ", count: 14) + "(no poster for Kirby Buckets)")
    // Where pictures are not drawn, the table.
    let plain = TextRenderer(style: .plain).render([.figures(table, pictures: pictures)])
    XCTAssertEqual(plain, TextRenderer(style: .plain).render([.table(table)]))
  }

  func testJSONUsesExactDecimalStrings() throws {
    let files = try TestLibrary()
    defer { withExtendedLifetime(files) {} }  // its folder goes when the test is done with it
    let library = try files.make()
    let session = Session(
      library: library, options: SessionOptions(interactive: false), asker: ScriptedAsker(),
      opener: RecordingOpener())
    _ = session.execute("cd /toys/Dolls")
    let json = try XCTUnwrap(
      JSONRenderer().render(try XCTUnwrap(session.execute("info 42").report)))
    XCTAssertTrue(json.contains("\"price\":\"34.99\""), json)
    XCTAssertTrue(json.contains("\"minAge\":4"), json)
  }
}

final class UntrustedTextTests: XCTestCase {
  func testJSONEscapesC1ControlsAndBidirectionalOverrides() throws {
    let report = Report.message("evil\u{9B}31m\u{202E}txt.exe\u{2028}end")
    let json = try XCTUnwrap(JSONRenderer().render(report))
    XCTAssertEqual(json, #"{"message":"evil\u009b31m\u202etxt.exe\u2028end"}"# + "\n")
    let decoded = try JSONDecoder().decode(
      [String: String].self, from: Data(json.utf8))
    XCTAssertEqual(decoded["message"], "evil\u{9B}31m\u{202E}txt.exe\u{2028}end")
  }

  func testHugeFieldsAreCutInJSONAndText() throws {
    let huge = String(repeating: "é", count: 5000) + "\"tail\""
    let json = try XCTUnwrap(JSONRenderer().render(Report.message(huge)))
    let decoded = try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
    let message = try XCTUnwrap(decoded["message"])
    XCTAssertEqual(message, String(repeating: "é", count: 1000) + "…[cut]")
    let table = Table(
      columns: [.init("Id"), .init("Name")], rows: [[StyledText("1"), StyledText(huge)]])
    let text = TextRenderer(style: TerminalStyle(colors: false, width: Int.max / 4)).render([
      .table(table), .text(StyledText(huge)),
    ])
    XCTAssertLessThan(text.count, 2_100, "two fields of at most 1,000 characters each")
    XCTAssertTrue(text.contains(String(repeating: "é", count: 999) + "…"))
  }

  func testCountsAndPricesHaveThousandsSeparatorsInTextOnly() throws {
    XCTAssertEqual(Thousands.grouped(85_000), "85,000")
    XCTAssertEqual(Thousands.grouped(999), "999")
    XCTAssertEqual(Thousands.grouped(1_234_567), "1,234,567")
    let money = try XCTUnwrap(Money(parsing: "1096.90"))
    XCTAssertEqual(money.formatted, "$1,096.90")
    let json = try JSONEncoder().encode([money])
    XCTAssertEqual(String(decoding: json, as: UTF8.self), #"["1096.90"]"#)
  }
}

final class UnusualReferenceTests: XCTestCase {
  func testNegativeIdsAndANameThatIsADashCanBeAddressed() throws {
    let files = try TestLibrary()
    let real = try TestLibrary.catalog()
    let price = try XCTUnwrap(Money(parsing: "1.00"))
    let ages = try XCTUnwrap(AgeRange(minimum: 3, maximum: 5))
    let odd = [
      Toy(
        id: -3, name: "Minus Three", category: "Odd", ages: ages,
        price: price, brand: "B", description: "d"),
      Toy(
        id: 7, name: "-", category: "Odd", ages: ages, price: price,
        brand: "B", description: "d"),
    ]
    let catalog = Catalog(
      directory: real.directory, toys: Array(real.toys) + odd, stories: Array(real.stories),
      products: Array(real.products))
    let session = Session(
      library: try files.make(catalog: catalog), options: SessionOptions(interactive: false),
      asker: ScriptedAsker(), opener: RecordingOpener(), start: .toyCategory("Odd"))
    XCTAssertNil(session.execute("open -- -").error)
    XCTAssertEqual(session.location, .toy(category: "Odd", id: 7))
    XCTAssertNil(session.execute("open toy:-3").error)
    XCTAssertEqual(session.location, .toy(category: "Odd", id: -3))
    XCTAssertNil(session.execute("cd ..").error)
    XCTAssertNil(session.execute("open -3").error)
    XCTAssertEqual(session.location, .toy(category: "Odd", id: -3))
  }
}
