import Foundation
import ShelfShell
import ShelfStore
import XCTest

/// The household as a session sees it: claims never reach the owner of a wish list in any
/// format or export, every refused change leaves the files as they were, an export of every
/// profile comes back byte for byte, and a shell follows what another one did to its profile.
final class HouseholdSessionTests: XCTestCase {
  private var files: TestLibrary!

  override func setUpWithError() throws {
    try super.setUpWithError()
    files = try TestLibrary()
  }

  override func tearDown() {
    files = nil
    super.tearDown()
  }

  private func session(_ library: Library? = nil, interactive: Bool = false) throws -> Session {
    let library = try library ?? files.make()
    library.now = { Date(timeIntervalSince1970: 1_795_000_000) }  // November 2026
    return Session(
      library: library, options: SessionOptions(interactive: interactive),
      asker: ScriptedAsker(), opener: RecordingOpener())
  }

  @discardableResult
  private func run(_ session: Session, _ lines: String...) -> [Outcome] {
    lines.map { line in
      let outcome = session.execute(line)
      XCTAssertNil(outcome.error, "\(line): \(outcome.errorMessage ?? "")")
      return outcome
    }
  }

  private func text(_ outcome: Outcome, _ format: OutputFormat) -> String {
    guard let report = outcome.report else { return "" }
    switch format {
    case .table: return TextRenderer(style: .plain).render(report)
    case .json: return JSONRenderer().render(report) ?? ""
    default: return RowFormatRenderer(format: format).render(report)
    }
  }

  /// Dad, Mia (4) and Leo (8); Mia wished for two toys and a story; Leo claimed one toy and
  /// Dad bought another for her.
  private func family(_ shell: Session) {
    run(
      shell, "profile rename me Dad", "profile add Mia --born 2022-05",
      "profile add Leo --born 2018-03", "profile use Mia", "wish toy:45", "wish toy:42",
      "wish story:7", "profile use Leo", "cd /profiles/Mia/wishlist", "claim toy:45",
      "profile use Dad", "buy toy:42 --for Mia", "cd /")
  }

  // MARK: - Claims

  func testTheOwnerSeesNoClaimInAnyFormatOrExport() throws {
    let shell = try session()
    family(shell)
    // Anyone else sees both claims, in every format (Dad's own reads "by you" in the table).
    for format in OutputFormat.allCases {
      let seen = text(shell.execute("ls /profiles/Mia/wishlist"), format)
      let dad = format == .table ? "by you" : "Dad"
      XCTAssertTrue(seen.contains("Leo") && seen.contains(dad), "\(format): \(seen)")
    }
    let byDad = text(shell.execute("export"), .table)
    XCTAssertTrue(byDad.contains(#""claimedBy":"Leo""#), byDad)

    run(shell, "profile use Mia")
    for line in ["ls /wishlist", "ls /profiles/Mia/wishlist", "cd /profiles/Mia/wishlist; ls"] {
      for format in OutputFormat.allCases {
        let outcome = shell.run(line).last ?? Outcome()
        XCTAssertNil(outcome.error, line)
        let seen = text(outcome, format)
        XCTAssertTrue(seen.contains("Grandpa Teodor Doll"), "\(format) of \(line): \(seen)")
        for word in ["claim", "Claim", "Leo", "Dad"] {
          XCTAssertFalse(seen.contains(word), "\(format) of \(line) shows \(word): \(seen)")
        }
      }
    }
    for line in ["export", "export all", "export --profile Mia"] {
      for format in OutputFormat.allCases {
        let seen = text(shell.execute(line), format)
        XCTAssertTrue(seen.contains(#""name":"Mia""#) || format != .table, line)
        // Mia's own entry carries no claim; the others' lists would.
        let mine = seen.components(separatedBy: #""name":"Mia""#).last ?? ""
        XCTAssertFalse(mine.contains("claimedBy"), "\(format) of \(line): \(seen)")
        XCTAssertFalse(seen.contains(#""claimedBy":"Leo""#), "\(format) of \(line): \(seen)")
      }
    }
  }

  // MARK: - Refusals

  /// Everything a household is made of on disk, to compare before and after a refusal.
  private func snapshot() throws -> [String: Data] {
    var contents: [String: Data] = [:]
    let root = files.dataDirectory
    let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    while let url = walker?.nextObject() as? URL {
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
      let name = String(url.path.dropFirst(root.path.count))
      contents[name] = isDirectory.boolValue ? Data() : try Data(contentsOf: url)
    }
    return contents
  }

  func testEachBadInputIsOneClearLineAndChangesNothing() throws {
    let shell = try session()
    family(shell)
    run(shell, "ls /profiles")
    let cases: [(place: String, line: String, message: String)] = [
      ("/", "profile use Zed", #"profile: no profile "Zed" (profiles: Dad, Mia, Leo)"#),
      ("/", "profile rm Zed -y", #"profile: no profile "Zed" (profiles: Dad, Mia, Leo)"#),
      ("/", "profile rename Zed Zack", #"profile: no profile "Zed" (profiles: Dad, Mia, Leo)"#),
      ("/", "ls /toys/Dolls --for Zed", #"ls: no profile "Zed" (profiles: Dad, Mia, Leo)"#),
      ("/", "export --profile Zed", #"export: no profile "Zed" (profiles: Dad, Mia, Leo)"#),
      ("/", "profile add mia", #"profile: there is already a profile "Mia""#),
      ("/", "profile add MIA --born 2020-01", #"profile: there is already a profile "Mia""#),
      ("/", "profile rename Leo mia", #"profile: there is already a profile "Mia""#),
      ("/", "profile add Zoe --born 2031-01", "profile: --born 2031-01 is in the future"),
      (
        "/", "profile add Zoe --born 2019-13",
        #"profile: --born takes YYYY-MM such as 2019-05, not "2019-13""#
      ),
      (
        "/", "profile add Zoe --born 19-05",
        #"profile: --born takes YYYY-MM such as 2019-05, not "19-05""#
      ),
      (
        "/", "profile add Zoe.B",
        #"profile add: NAME takes letters, digits, - and _ (at most 32, starting with a letter or digit), not "Zoe.B""#
      ),
      (
        "/", "profile rm Dad -y",
        #"profile: "Dad" is the active profile; "profile use" another one first"#
      ),
      (
        "/profiles/Dad/wishlist", "claim toy:42",
        "claim: this is your own wish list; claims are made on someone else's"
      ),
      (
        "/wishlist", "claim toy:42",
        "claim: this is your own wish list; claims are made on someone else's"
      ),
      (
        "/", "buy toy:42 --for Dad",
        "buy: this is your own wish list; claims are made on someone else's"
      ),
      ("/", "buy toy:45 --for Mia", #"buy: "Grandpa Teodor Doll" is already claimed by Leo"#),
      ("/", "buy toy:31 --for Mia", #"buy: "Rosie Rag Doll" is not on Mia's wish list"#),
      (
        "/", "wish show:1",
        #"wish: "Under the Dome" is a TV show; a wish list takes toys, products and stories"#
      ),
      ("/toys", "claim toy:42", "claim: works in someone's wish list (cd /profiles/NAME/wishlist)"),
      (
        "/", "ls /toys/Dolls --fits",
        #"ls: --fits needs a child, and you are an adult ("profile use NAME" or --for NAME)"#
      ),
      (
        "/", "ls /toys/Dolls --for Dad",
        "ls: --for Dad: you are an adult (no --born); give a child's name"
      ),
    ]
    for (place, line, message) in cases {
      run(shell, "cd \(place)")
      let before = try snapshot()
      let outcome = shell.execute(line)
      XCTAssertEqual(outcome.errorMessage, message, line)
      XCTAssertEqual(try snapshot(), before, "\(line) changed a file")
    }
    // The one profile of a household is the active one: it cannot go.
    let alone = try TestLibrary()
    let lonely = try session(try alone.make())
    XCTAssertEqual(
      lonely.execute("profile rm me -y").errorMessage,
      #"profile: "me" is the active profile; "profile use" another one first"#)
  }

  func testTheLastProfileCannotBeRemoved() throws {
    let household = Household(dataDirectory: files.dataDirectory)
    _ = try files.make()
    XCTAssertThrowsError(try household.remove("me", activeID: 99)) { error in
      XCTAssertEqual(
        (error as? ProfileError)?.description, #""me" is the only profile; a household needs one"#)
    }
    XCTAssertEqual(try household.read().profiles.map(\.name), ["me"])
  }

  // MARK: - Export and import

  func testAnExportOfEveryProfileComesBackByteForByte() throws {
    let shell = try session()
    family(shell)
    run(shell, "profile use Mia", "read story:9", "fav toy:31", "profile use Dad")
    // The active profile of a fresh directory has the same name: `me`.
    run(shell, "profile rename Dad me")
    let exported = text(shell.execute("export"), .table)
    XCTAssertTrue(exported.contains(#""claimedBy":"Leo""#), exported)
    let file = files.dataDirectory.appendingPathComponent("household.json")
    try Data(exported.utf8).write(to: file)

    let fresh = try TestLibrary()
    let other = try session(try fresh.make())
    let imported = other.execute("import \(file.path)")
    XCTAssertNil(imported.error, imported.errorMessage ?? "")
    XCTAssertTrue(
      text(imported, .table).contains(
        "Added or changed 3 profiles, 1 household setting, 1 cart line, 1 favorite, "
          + "1 story read, 3 wishes, 2 claims and 2 last positions."),
      text(imported, .table))
    XCTAssertEqual(text(other.execute("export"), .table), exported)
    XCTAssertTrue(text(other.execute("ls /profiles"), .table).contains("Mia/"))
  }

  // MARK: - Removing, and two shells

  func testARemovedProfilesFilesAreKeptAsideAndANewOneStartsEmpty() throws {
    let shell = try session()
    family(shell)
    let removed = shell.execute("profile rm Mia -y")
    XCTAssertNil(removed.error)
    XCTAssertTrue(text(removed, .table).contains("Their files are kept in "), text(removed, .table))
    let names = try FileManager.default.contentsOfDirectory(
      atPath: files.dataDirectory.appendingPathComponent("profiles").path)
    XCTAssertEqual(names.filter { $0.hasPrefix("mia.removed-") }.count, 1, "\(names)")
    run(shell, "profile add Mia --born 2022-05")
    XCTAssertTrue(
      text(shell.execute("ls /profiles/Mia/wishlist"), .table).contains("(0 wishes)"))
  }

  func testAShellFollowsARenameOrARemovalMadeInAnother() throws {
    let first = try session()
    family(first)
    let second = try session()
    run(second, "profile use Leo")
    XCTAssertEqual(second.prompt, "shelf[Leo]:/> ")
    run(first, "profile rename Leo Leon")
    XCTAssertEqual(second.prompt, "shelf[Leon]:/> ")
    run(first, "profile rm Leon -y")
    let after = second.execute("pwd")
    XCTAssertEqual(
      after.warnings.filter { $0.contains("the profile \"Leon\" was removed") }.count, 1,
      "\(after.warnings)")
    XCTAssertEqual(second.prompt, "shelf[Leo]:/> ".replacingOccurrences(of: "Leo", with: "Dad"))
  }

  func testARenamedPersonsScreensAndLastPositionsFollowTheNewName() throws {
    let shell = try session()
    family(shell)
    // Leo was last on Mia's page; Dad is on her wish list, having come from her page.
    run(shell, "profile use Leo", "cd /profiles/Mia/wishlist", "cd ..")
    run(shell, "profile use Dad", "cd /profiles/Mia/wishlist")
    run(shell, "profile rename mia Amelia")
    XCTAssertEqual(text(shell.execute("pwd"), .table), "/profiles/Amelia/wishlist\n")
    // A new session resumes on the renamed person's screen, for Dad and for Leo.
    let dad = Session.resumeLocation(library: try files.make())
    XCTAssertEqual(dad.0?.path, "/profiles/Amelia/wishlist")
    XCTAssertNil(dad.1)
    run(shell, "back")
    XCTAssertEqual(text(shell.execute("pwd"), .table), "/profiles/Amelia\n")
    run(try session(), "profile use Leo")
    let leo = Session.resumeLocation(library: try files.make())
    XCTAssertEqual(leo.0?.path, "/profiles/Amelia")
    XCTAssertNil(leo.1)
  }

  func testThePromptNamesTheProfileOnceThereAreTwo() throws {
    let shell = try session()
    XCTAssertEqual(shell.prompt, "shelf:/> ")
    run(shell, "profile add Mia --born 2022-05", "cd /toys")
    XCTAssertEqual(shell.prompt, "shelf[me]:/toys> ")
    run(shell, "profile use mia")
    XCTAssertEqual(shell.prompt, "shelf[Mia]:/toys> ")
  }

  func testTabCompletesProfileNamesInAnyCase() throws {
    let shell = try session()
    run(shell, "profile add Mia --born 2022-05", "profile add Max")
    XCTAssertEqual(
      shell.complete("profile use m", cursor: 13).candidates.map(\.text), ["me", "Mia", "Max"])
    XCTAssertEqual(shell.complete("profile use MI", cursor: 14).candidates.map(\.text), ["Mia"])
    XCTAssertEqual(
      shell.complete("ls /toys/Dolls --for M", cursor: 22).candidates.map(\.text),
      ["me", "Mia", "Max"])
    XCTAssertEqual(shell.complete("profile r", cursor: 9).candidates.map(\.text), ["rename", "rm"])
    XCTAssertEqual(
      shell.complete("cd /profiles/M", cursor: 14).candidates.map(\.text),
      ["/profiles/me/", "/profiles/Mia/", "/profiles/Max/"])
  }
}
