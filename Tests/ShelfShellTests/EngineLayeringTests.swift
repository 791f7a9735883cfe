import Foundation
import XCTest

/// The engine depends on no section: no source file under Sources/ShelfShell/Engine names a
/// type declared under Sources/ShelfShell/Sections (what the engine needs from the sections is
/// a protocol of its own, `PlaceDirectory` and `SectionDirectory`, that Sections/ answers).
final class EngineLayeringTests: XCTestCase {
  func testEngineNamesNoTypeDeclaredUnderSections() throws {
    let shell = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/ShelfShell")
    let sectionTypes = try Set(
      swiftFiles(in: shell.appendingPathComponent("Sections")).flatMap {
        declaredTypes(in: try code(of: $0))
      })
    // The reader sees the real tree: the sections declare their protocol and their screens.
    XCTAssertTrue(sectionTypes.isSuperset(of: ["Section", "SectionRegistry", "Screens"]))
    let engine = try swiftFiles(in: shell.appendingPathComponent("Engine"))
    XCTAssertFalse(engine.isEmpty)
    var found: [String] = []
    for file in engine {
      let named = identifiers(in: try code(of: file)).intersection(sectionTypes)
      for type in named.sorted() {
        found.append("Engine/\(file.lastPathComponent) names \(type), declared under Sections/")
      }
    }
    XCTAssertEqual(found, [], found.joined(separator: "\n"))
  }

  func testTheCheckFindsATypeOfASection() {
    let text = "let screens: Screens // a Section\nlet label = \"SectionRegistry\"\n"
    XCTAssertEqual(
      identifiers(in: strippingCommentsAndStrings(text)).intersection(
        ["Screens", "Section", "SectionRegistry"]), ["Screens"])
    XCTAssertEqual(
      declaredTypes(
        in: "struct A {}\npublic final class B {\n  struct Inner {}\n}\nprotocol C: D {}"),
      ["A", "B", "C"])
  }

  private func swiftFiles(in directory: URL) throws -> [URL] {
    guard
      let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
    else { throw CocoaError(.fileReadNoSuchFile) }
    return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
      .sorted { $0.path < $1.path }
  }

  private func code(of file: URL) throws -> String {
    strippingCommentsAndStrings(try String(contentsOf: file, encoding: .utf8))
  }

  /// The types a file declares at its top level (`struct`, `enum`, `class`, `protocol`,
  /// `actor`, `typealias`, after any modifiers).
  private func declaredTypes(in code: String) -> [String] {
    let modifiers = "(?:(?:public|internal|fileprivate|private|package|final|indirect)\\s+)*"
    let pattern =
      "^\(modifiers)(?:struct|enum|class|protocol|actor|typealias)\\s+([A-Za-z_][A-Za-z0-9_]*)"
    return matches(of: pattern, in: code, options: [.anchorsMatchLines])
  }

  private func identifiers(in code: String) -> Set<String> {
    Set(matches(of: "\\b([A-Za-z_][A-Za-z0-9_]*)\\b", in: code, options: []))
  }

  private func matches(
    of pattern: String, in text: String, options: NSRegularExpression.Options
  ) -> [String] {
    guard let expression = try? NSRegularExpression(pattern: pattern, options: options) else {
      XCTFail("bad pattern \(pattern)")
      return []
    }
    let whole = NSRange(text.startIndex..., in: text)
    return expression.matches(in: text, range: whole).compactMap {
      Range($0.range(at: 1), in: text).map { String(text[$0]) }
    }
  }

  /// The text without `//` and `/* */` comments and without the contents of string literals,
  /// so that a word in a doc comment or a message is not a dependency.
  private func strippingCommentsAndStrings(_ text: String) -> String {
    var out = ""
    var characters = Array(text)[...]
    while let character = characters.first {
      if character == "/", characters.dropFirst().first == "/" {
        characters = characters.drop { $0 != "\n" }
      } else if character == "/", characters.dropFirst().first == "*" {
        guard
          let end = characters.indices.dropFirst(2).first(where: {
            characters[$0] == "*" && characters.index(after: $0) < characters.endIndex
              && characters[characters.index(after: $0)] == "/"
          })
        else { return out }
        characters = characters[(end + 2)...]
      } else if character == "\"" {
        out.append("\"\"")
        characters = characters.dropFirst()
        while let inner = characters.first, inner != "\"", inner != "\n" {
          characters = characters.dropFirst(inner == "\\" ? 2 : 1)
        }
        characters = characters.dropFirst()
      } else {
        out.append(character)
        characters = characters.dropFirst()
      }
    }
    return out
  }
}
