import Foundation
import XCTest

/// "Every change is on disk when the command that made it returns": a shell killed with
/// SIGKILL right after it reported a purchase and a favourite has both on disk.
final class KillSafetyTests: EndToEndTestCase {
  func testChangesSurviveSIGKILLRightAfterTheyAreReported() throws {
    let process = Process()
    process.executableURL = binary
    process.arguments = dataDirArguments([])
    process.environment = sandbox.environment
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    input.fileHandleForWriting.write(Data("cd /toys/Dolls\nbuy 42 -n 3\nfav 42\n".utf8))
    var seen = ""
    let deadline = Date().addingTimeInterval(10)
    while !seen.contains("to favorites."), Date() < deadline {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      seen += String(decoding: chunk, as: UTF8.self)
    }
    XCTAssertTrue(seen.contains("Added 3 × \"Hanna Dirndl Doll\" to the cart"), seen)
    XCTAssertTrue(seen.contains("Added \"Hanna Dirndl Doll\" to favorites."), seen)
    // The shell is still running, waiting for more input: kill it without a chance to flush.
    XCTAssertTrue(process.isRunning)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationReason, .uncaughtSignal)

    let cart = try propertyList("cart.plist")
    let lines = try XCTUnwrap(cart["lines"] as? [[String: Any]])
    XCTAssertEqual(lines.count, 1)
    XCTAssertEqual(lines.first?["id"] as? Int, 42)
    XCTAssertEqual(lines.first?["quantity"] as? Int, 3)
    let favorites = try propertyList("favorites.plist")
    XCTAssertEqual(favorites["toys"] as? [Int], [42])
  }
}
