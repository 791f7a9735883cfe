import Foundation
import XCTest

/// The base of every end-to-end test: a fresh sandbox per test, the built binary, and helpers
/// to run it with pipes and to read the property lists it writes.
class EndToEndTestCase: XCTestCase {
  private(set) var sandbox: Sandbox!
  private(set) var binary: URL!

  override func setUpWithError() throws {
    try super.setUpWithError()
    binary = try ShelfBinary.url()
    sandbox = try Sandbox()
  }

  override func tearDown() {
    sandbox?.remove()
    super.tearDown()
  }

  /// `--data-dir <sandbox data>` followed by `arguments`.
  func dataDirArguments(_ arguments: [String]) -> [String] {
    ["--data-dir", sandbox.dataDirectory.path] + arguments
  }

  /// Starts the shell with pipes (no terminal) and the sandbox's data directory.
  func start(
    _ arguments: [String], input: StandardInput = .none, dataDirFlag: Bool = true,
    environment extra: [String: String] = [:]
  ) throws -> RunningShelf {
    let environment = sandbox.environment.merging(extra) { _, new in new }
    return try RunningShelf(
      binary: binary, arguments: dataDirFlag ? dataDirArguments(arguments) : arguments,
      environment: environment, input: input)
  }

  /// Runs the shell with pipes to the end (killing it after `timeout`).
  func shelf(
    _ arguments: [String], input: StandardInput = .none, dataDirFlag: Bool = true,
    environment extra: [String: String] = [:], timeout: TimeInterval = 30
  ) throws -> ShelfRun {
    let run = try start(
      arguments, input: input, dataDirFlag: dataDirFlag, environment: extra
    ).wait(timeout: timeout)
    assertCleanPipedOutput(run)
    return run
  }

  /// `-c line` for each line.
  func commands(_ lines: String...) -> [String] {
    lines.flatMap { ["-c", $0] }
  }

  /// Writes a script file in the sandbox.
  func script(_ bytes: Data, name: String = "script.txt") throws -> URL {
    let url = sandbox.file(name)
    try bytes.write(to: url)
    return url
  }

  func script(_ name: String = "script.txt", lines: [String]) throws -> URL {
    try script(Data((lines.joined(separator: "\n") + "\n").utf8), name: name)
  }

  /// A piped run never shows a prompt nor writes an escape sequence, on either stream.
  func assertCleanPipedOutput(
    _ run: ShelfRun, file: StaticString = #filePath, line: UInt = #line
  ) {
    for (name, data) in [("stdout", run.stdout), ("stderr", run.stderr)] {
      XCTAssertFalse(
        data.contains(0x1B), "ESC byte in \(name) of a piped run:\n\(run.summary)", file: file,
        line: line)
      XCTAssertFalse(
        String(decoding: data, as: UTF8.self).contains("shelf:/"),
        "prompt text in \(name) of a piped run:\n\(run.summary)", file: file, line: line)
    }
  }

  /// Reads a property list in the data directory, checking that it is an XML property list
  /// with a `version` key.
  func propertyList(
    _ name: String, file: StaticString = #filePath, line: UInt = #line
  ) throws -> [String: Any] {
    let url = Sandbox.personFiles.contains(name) ? sandbox.personFile(name) : sandbox.dataFile(name)
    let data = try Data(contentsOf: url)
    XCTAssertTrue(
      data.starts(with: Data("<?xml".utf8)), "\(name) is not an XML property list", file: file,
      line: line)
    var format = PropertyListSerialization.PropertyListFormat.binary
    let value = try PropertyListSerialization.propertyList(from: data, format: &format)
    XCTAssertEqual(format, .xml, "\(name) format", file: file, line: line)
    let dictionary = try XCTUnwrap(
      value as? [String: Any], "\(name) is not a dictionary", file: file, line: line)
    XCTAssertNotNil(dictionary["version"], "\(name) has no version key", file: file, line: line)
    return dictionary
  }

  /// Every dictionary anywhere inside a property-list value.
  func dictionaries(in value: Any) -> [[String: Any]] {
    if let dictionary = value as? [String: Any] {
      return [dictionary] + dictionary.values.flatMap { dictionaries(in: $0) }
    }
    if let array = value as? [Any] {
      return array.flatMap { dictionaries(in: $0) }
    }
    return []
  }

  /// The cart as (kind, id) → quantity, read from cart.plist.
  func cartQuantities(file: StaticString = #filePath, line: UInt = #line) throws -> [String: Int] {
    let cart = try propertyList("cart.plist", file: file, line: line)
    var quantities: [String: Int] = [:]
    for entry in dictionaries(in: cart) {
      guard let id = (entry["id"] as? NSNumber)?.intValue,
        let quantity = (entry["quantity"] as? NSNumber)?.intValue
      else { continue }
      let kind = entry["kind"] as? String ?? "?"
      quantities["\(kind):\(id)", default: 0] += quantity
    }
    return quantities
  }

  /// The favourite toy ids in favorites.plist.
  func favoriteToyIDs() throws -> [Int] {
    let favorites = try propertyList("favorites.plist")
    let toys = favorites["toys"] as? [Any] ?? []
    return toys.compactMap { ($0 as? NSNumber)?.intValue }
  }
}
