import Foundation
import ShelfStore
import ShelfTestSupport
import XCTest

/// Meta-tests of the declaration: every datum has an export key and a merge rule, every file
/// shelf keeps a person's or the household's data in is declared, and every datum of the
/// issue is there, with its fates.
final class DatumDeclarationTests: TemporaryDirectoryTestCase {
  func testEveryDatumHasAnExportKeyAndAMergeRuleOfItsOwn() {
    let datums = UserDataDeclaration.datums
    XCTAssertFalse(datums.isEmpty)
    // An export key never clashes with the document's own keys, nor with another datum of the
    // same place (the top for the household's, a profile entry for a person's).
    let reserved: [Datum.Owner: Set<String>] = [
      .household: ["format", "version"],
      .person: ["uid", "aliases", "name", "nameChanged", "born", "bornChanged"],
    ]
    var seen: [Datum.Owner: Set<String>] = [:]
    for datum in datums {
      XCTAssertFalse(datum.exportKey.isEmpty, "\(datum) has no export key")
      XCTAssertFalse(reserved[datum.owner, default: []].contains(datum.exportKey), "\(datum)")
      XCTAssertTrue(
        seen[datum.owner, default: []].insert(datum.exportKey).inserted,
        "\(datum): the export key \(datum.exportKey) is taken")
      XCTAssertTrue(MergeRule.allCases.contains(datum.rule), "\(datum) has no merge rule")
      XCTAssertFalse(datum.rule.summary.isEmpty)
      XCTAssertFalse(datum.name.isEmpty || datum.plural.isEmpty || datum.place.isEmpty)
    }
  }

  func testTheIssuesDatumsAreAllDeclaredWithTheirRulesAndFates() {
    let byName = Dictionary(
      UserDataDeclaration.datums.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let expected: [(String, MergeRule, Datum.OnRename, Datum.OnRemoval)] = [
      ("favorite", .set, .movesWithTheirFiles, .keptAside),
      ("watched episode", .marks, .movesWithTheirFiles, .keptAside),
      ("show status", .latest, .movesWithTheirFiles, .keptAside),
      ("show rating", .latest, .movesWithTheirFiles, .keptAside),
      ("episode rating", .latest, .movesWithTheirFiles, .keptAside),
      ("rewatch", .latest, .movesWithTheirFiles, .keptAside),
      ("story read", .set, .movesWithTheirFiles, .keptAside),
      ("wish", .set, .movesWithTheirFiles, .keptAside),
      ("claim", .firstClaim, .followsThem, .released),
      ("cart line", .cart, .followsThem, .released),
      ("last position", .latest, .movesWithTheirFiles, .keptAside),
      ("spoiler setting", .latest, .movesWithTheirFiles, .keptAside),
      ("last new look", .latest, .movesWithTheirFiles, .keptAside),
      ("profile", .latest, .isRenamed, .removed),
      ("household setting", .latest, .followsThem, .removed),
    ]
    for (name, rule, rename, removal) in expected {
      guard let datum = byName[name] else {
        XCTFail("\(name) is not declared")
        continue
      }
      XCTAssertEqual(datum.rule, rule, name)
      XCTAssertEqual(datum.onRename, rename, name)
      XCTAssertEqual(datum.onRemoval, removal, name)
    }
    XCTAssertEqual(byName.count, expected.count, "a datum the test does not know of")
  }

  /// The README's table of datums and list of rules are the declaration's, word for word.
  func testTheReadmeSaysWhatTheDeclarationSays() throws {
    let readme = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
          "README.md"), encoding: .utf8)
    func section(_ name: String) -> String? {
      guard let start = readme.range(of: "<!-- \(name) -->\n"),
        let end = readme.range(of: "<!-- /\(name) -->", range: start.upperBound..<readme.endIndex)
      else { return nil }
      return String(readme[start.upperBound..<end.lowerBound])
    }
    let rows = UserDataDeclaration.datums.map { datum in
      let file = datum.owner == .person ? "profiles/NAME/\(datum.file)" : datum.file
      return "| \(datum.name) | `\(file)` | `\(datum.exportKey)` | \(datum.rule.rawValue) | "
        + "\(datum.onRename.rawValue) | \(datum.onRemoval.rawValue) |\n"
    }
    XCTAssertEqual(
      section("datums"),
      "| datum | file | export key | merge | on rename | on removal |\n|---|---|---|---|---|---|\n"
        + rows.joined())
    XCTAssertEqual(
      section("rules"),
      MergeRule.allCases.map { "- **\($0.rawValue)**: \($0.summary)\n" }.joined())
  }

  /// A file added to a person's directory or to the household without a declaration would be
  /// left out of export, import and sync: every property-list file they open is declared.
  func testEveryFileOfAPersonAndOfTheHouseholdIsDeclared() throws {
    let data = UserData(directory: temporary.file("data"))
    let person = PersonData(directory: temporary.file("data/profiles/mia"))
    let personFiles = Set(fileNames(in: person))
    let householdFiles = Set(fileNames(in: data)).subtracting(personFiles)
    XCTAssertEqual(
      personFiles,
      Set(UserDataDeclaration.files.filter { $0.owner == .person }.map(\.name)))
    XCTAssertEqual(
      householdFiles,
      Set(UserDataDeclaration.files.filter { $0.owner == .household }.map(\.name)))
    for file in UserDataDeclaration.files {
      XCTAssertTrue(
        SyncedFiles.travels(file.owner == .person ? "profiles/mia/\(file.name)" : file.name))
      XCTAssertTrue(
        file.recordsChangesAsDeclared,
        "\(file.name): its document's recordsChanges does not match its datums")
    }
  }

  /// The names of the files `object`'s properties keep (a `url` one or two levels down:
  /// `PropertyListFile.url`, `Favorites.file.url`); the active person's are those of `person`.
  private func fileNames(in object: Any) -> [String] {
    var names: [String] = []
    for child in Mirror(reflecting: object).children {
      for inner in Mirror(reflecting: child.value).children {
        if inner.label == "url", let url = inner.value as? URL {
          names.append(url.lastPathComponent)
        }
        for deeper in Mirror(reflecting: inner.value).children where deeper.label == "url" {
          if let url = deeper.value as? URL { names.append(url.lastPathComponent) }
        }
      }
    }
    return names.filter { $0.hasSuffix(".plist") }
  }
}
