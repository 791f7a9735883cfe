import Foundation
import ShelfShell
import ShelfStore
import XCTest

/// What a person's removal or rename does to what others gave them and what they gave others:
/// `profile rm` releases the claims they made and says so before it asks; a rename carries every
/// claim by and for them; claims an older shelf saved by number are named by lasting id at the
/// next start (one by a person removed meanwhile is released); a line bought for someone is
/// hidden from them, in the cart and in their export.
final class ProfileClaimsSessionTests: XCTestCase {
  private var files: TestLibrary!

  override func setUpWithError() throws {
    try super.setUpWithError()
    files = try TestLibrary()
  }

  override func tearDown() {
    files = nil
    super.tearDown()
  }

  private func session(answers: [String]? = nil) throws -> (Session, ScriptedAsker) {
    let asker = ScriptedAsker()
    asker.answers = answers ?? []
    let library = try files.make()
    return (
      Session(
        library: library, options: SessionOptions(interactive: answers != nil), asker: asker,
        opener: RecordingOpener()), asker
    )
  }

  @discardableResult
  private func run(_ session: Session, _ lines: String...) -> [Outcome] {
    lines.map { line in
      let outcome = session.execute(line)
      XCTAssertNil(outcome.error, "\(line): \(outcome.error?.message ?? "")")
      return outcome
    }
  }

  private func text(_ outcome: Outcome) -> String {
    outcome.report.map { TextRenderer(style: .plain).render($0) } ?? ""
  }

  /// Mia wished for two toys and a story; Grandma claimed the story and bought a toy for her;
  /// Leo claimed on Grandma's list.
  private func family(_ shell: Session) {
    run(
      shell, "profile add Mia --born 2020-05", "profile add Grandma", "profile add Leo",
      "profile use Mia", "wish toy:45", "wish toy:42", "wish story:8", "profile use Grandma",
      "wish toy:31", "cd /profiles/Mia/wishlist", "claim story:8", "buy toy:42 --for Mia",
      "profile use Leo", "cd /profiles/Grandma/wishlist", "claim toy:31", "profile use me",
      "cd /")
  }

  func testRemovingAPersonReleasesTheClaimsTheyMadeAndSaysSoBeforeAsking() throws {
    let (setup, _) = try session()
    family(setup)
    let (shell, asker) = try session(answers: ["n", "y"])
    let kept = shell.execute("profile rm Grandma")
    XCTAssertEqual(
      asker.asked.last?.prompt,
      "Remove the profile \"Grandma\"? (Their files are kept aside, not deleted. Grandma's 2 "
        + "claims on Mia's wish list will be released.) [y/N] ")
    XCTAssertEqual(text(kept), "Kept the profile \"Grandma\".\n")
    XCTAssertTrue(text(shell.execute("ls /profiles/Mia/wishlist")).contains("by Grandma"))

    let removed = shell.execute("profile rm Grandma")
    XCTAssertNil(removed.error)
    XCTAssertTrue(
      text(removed).hasPrefix(
        "Removed the profile \"Grandma\". Released Grandma's 2 claims on Mia's wish list."),
      text(removed))
    let list = text(shell.execute("ls /profiles/Mia/wishlist"))
    XCTAssertFalse(list.contains("Grandma") || list.contains("removed"), list)
    // Anyone may claim them now, and taking a claim back names no one who is gone.
    run(shell, "cd /profiles/Mia/wishlist", "claim story:8", "unclaim story:8", "claim toy:42")
    XCTAssertTrue(text(shell.execute("ls")).contains("by you"))
    // Adding Grandma again gives a new person, who claimed nothing.
    run(shell, "profile add Grandma", "profile use Grandma", "cd /profiles/Mia/wishlist")
    XCTAssertEqual(
      shell.execute("unclaim toy:42").error?.message,
      "\"Hanna Dirndl Doll\" was claimed by me, not you")
  }

  func testARenameCarriesEveryClaimByAndForThePerson() throws {
    let (shell, _) = try session()
    family(shell)
    run(shell, "profile rename Grandma Nana")
    // Claims Nana made show her new name; the claim on her own list stays.
    XCTAssertTrue(text(shell.execute("ls /profiles/Mia/wishlist")).contains("by Nana"))
    XCTAssertTrue(text(shell.execute("ls /profiles/Nana/wishlist")).contains("by Leo"))
    run(shell, "profile use Nana", "cd /profiles/Mia/wishlist", "unclaim story:8")
    let export = text(shell.execute("export"))
    XCTAssertTrue(export.contains(#""claimedBy":"Nana""#), export)
    XCTAssertFalse(export.contains(#""claimedBy":"Grandma""#), export)
    XCTAssertFalse(export.contains(#""name":"Grandma""#), export)
  }

  func testAClaimSavedByAnOlderShelfIsNamedByIdAndOneByARemovedPersonReleased() throws {
    // profiles.plist and a wish list as an older shelf left them: claims by number, one by
    // number 3, a person removed since (issue 29: "claimed by a removed profile" for good).
    try files.write(
      "profiles.plist",
      plist(
        """
        <key>nextID</key><integer>4</integer>
        <key>profiles</key><array>
          <dict><key>id</key><integer>1</integer><key>name</key><string>me</string></dict>
          <dict><key>id</key><integer>2</integer><key>name</key><string>Mia</string></dict>
        </array>
        <key>version</key><integer>1</integer>
        """))
    try files.write(
      "profiles/mia/wishlist.plist",
      plist(
        """
        <key>version</key><integer>1</integer>
        <key>wishes</key><array>
          <dict><key>claimedBy</key><integer>1</integer><key>id</key><integer>45</integer>
            <key>kind</key><string>toy</string></dict>
          <dict><key>claimedBy</key><integer>3</integer><key>id</key><integer>8</integer>
            <key>kind</key><string>story</string></dict>
        </array>
        """))
    let (shell, _) = try session()
    let first = shell.execute("ls /profiles/Mia/wishlist")
    let list = text(first)
    XCTAssertTrue(list.contains("by you"), list)
    XCTAssertFalse(list.contains("removed"), list)
    let household = try files.make().userData.household.read()
    XCTAssertTrue(household.profiles.allSatisfy { $0.uid != nil })
    XCTAssertFalse(household.namingClaimers)
    run(shell, "cd /profiles/Mia/wishlist", "claim story:8")
    XCTAssertTrue(text(shell.execute("ls")).contains("by you"))
  }

  func testALineBoughtForSomeoneIsHiddenFromThemAndFromTheirExport() throws {
    let (shell, _) = try session()
    family(shell)
    run(shell, "buy toy:31 -n 2")
    XCTAssertTrue(text(shell.execute("cart")).contains("Hanna Dirndl Doll"))
    run(shell, "profile use Mia")
    let cart = text(shell.execute("cart"))
    XCTAssertFalse(cart.contains("Hanna Dirndl Doll"), cart)
    XCTAssertTrue(cart.contains("(2 items; 1 line hidden)"), cart)
    let export = text(shell.execute("export"))
    XCTAssertFalse(export.contains(#""id":42,"kind":"toy","quantity""#), export)
    XCTAssertTrue(export.contains(#""id":31,"kind":"toy","quantity":2"#), export)
    // Anyone else sees it, with whom it is for.
    run(shell, "profile use Leo")
    XCTAssertTrue(text(shell.execute("export")).contains(#""boughtFor":"Mia""#))
  }

  private func plist(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0"><dict>
    \(body)
    </dict></plist>
    """
  }
}

extension TestLibrary {
  /// Writes `text` at `path` in the data directory, making the directories on the way.
  func write(_ path: String, _ text: String) throws {
    let url = dataDirectory.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }
}
