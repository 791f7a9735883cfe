import XCTest

@testable import ShelfShell

/// Where a line's output goes: the first unquoted `>`, `>>` or `|`.
final class RedirectionSplitTests: XCTestCase {
  private func split(_ line: String) throws -> (String, Redirection?) {
    let (command, target) = try Redirection.split(line)
    return (command, target)
  }

  func testOperatorsSplitTheLine() throws {
    XCTAssertEqual(try split("ls /toys > toys.txt").1, .file(path: "toys.txt", append: false))
    XCTAssertEqual(try split("ls /toys > toys.txt").0, "ls /toys ")
    XCTAssertEqual(try split("cart>>log.txt").1, .file(path: "log.txt", append: true))
    XCTAssertEqual(try split("ls > \"my toys.txt\"").1, .file(path: "my toys.txt", append: false))
    XCTAssertEqual(try split("ls | grep -i 'a|b' > x").1, .pipe(command: "grep -i 'a|b' > x"))
    XCTAssertEqual(try split("ls /toys").1, nil)
  }

  func testQuotedEscapedAndCommentedOperatorsAreText() throws {
    XCTAssertNil(try split("find \"a > b\"").1)
    XCTAssertNil(try split("find 'a | b'").1)
    XCTAssertNil(try split("find a\\>b").1)
    XCTAssertNil(try split("ls # > not a file").1)
  }

  func testATargetMustBeThere() {
    XCTAssertThrowsError(try split("ls >")) {
      XCTAssertEqual(($0 as? ShellError)?.message, "> needs a file after it")
    }
    XCTAssertThrowsError(try split("ls >> a b")) {
      XCTAssertEqual(($0 as? ShellError)?.message, ">> takes one file")
    }
    XCTAssertThrowsError(try split("ls |  ")) {
      XCTAssertEqual(($0 as? ShellError)?.message, "| needs a command after it")
    }
    XCTAssertThrowsError(try split("ls > \"open")) {
      XCTAssertEqual(($0 as? ShellError)?.message, "unbalanced \" quote")
    }
  }
}
