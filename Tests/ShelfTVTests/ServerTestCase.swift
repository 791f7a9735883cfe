import Foundation
import ShelfTV
import ShelfTestSupport
import XCTest
import shelf_fetch

/// A test case with its own HTTP server on 127.0.0.1 and its own temporary directory, both
/// torn down after each test.
class ServerTestCase: XCTestCase {
  var server: TestHTTPServer!
  var temporary: TemporaryDirectory!

  override func setUpWithError() throws {
    try super.setUpWithError()
    server = try TestHTTPServer()
    temporary = try TemporaryDirectory()
  }

  override func tearDown() {
    server?.stop()
    temporary?.remove()
    server = nil
    temporary = nil
    super.tearDown()
  }

  func makeClient(timeout: TimeInterval = 5, clock: TVMazeClock = .system) -> TVMazeClient {
    TVMazeClient(
      baseURL: server.baseURL, transport: URLSessionTransport(), timeout: timeout, clock: clock)
  }

  /// The `TVMazeError` that `body` throws; fails the test if it throws nothing or another error.
  func tvMazeError<T>(
    _ body: () throws -> T, file: StaticString = #filePath, line: UInt = #line
  ) -> TVMazeError? {
    do {
      let value = try body()
      XCTFail("expected a TVMazeError, got \(value)", file: file, line: line)
    } catch let error as TVMazeError {
      return error
    } catch {
      XCTFail("expected a TVMazeError, got \(error)", file: file, line: line)
    }
    return nil
  }
}
