import Foundation
import ShelfDomain
import ShelfHTTP
import ShelfSearch
import ShelfStorage
import ShelfTestSupport
import XCTest

@testable import ShelfTV

/// Two shells on one store at once: each has its own connection; WAL and the busy timeout
/// let both read and write without an error.
final class ShowStoreConcurrencyTests: ServerTestCase {
  func testTwoLibrariesRefreshAndReadTheSameStoreAtOnce() throws {
    let generated = GeneratedShows(count: 999)
    generated.serve(on: server, pages: 5)
    let storeURL = temporary.file("cache/shows.sqlite")
    let failures = ErrorList()
    let baseURL = server.baseURL
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      let client = TVMazeClient(
        baseURL: baseURL, transport: URLSessionTransport(), timeout: 5, clock: FakeClock().clock)
      let library = ShowLibrary(
        storeURL: storeURL, snapshotURL: Fixture.url(Fixture.showsPage0), client: client)
      do {
        if index == 0 {
          try library.refreshAll()
        } else {
          for _ in 0..<5 {
            _ = try library.count()
            _ = try library.find("silent")
            try library.refresh()
          }
        }
      } catch {
        failures.append("\(index): \(error)")
      }
    }
    XCTAssertEqual(failures.all, [])
    let library = ShowLibrary(
      storeURL: storeURL, snapshotURL: Fixture.url(Fixture.showsPage0), client: makeClient())
    XCTAssertEqual(try library.count(), 999)
  }
}
