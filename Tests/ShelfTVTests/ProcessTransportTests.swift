import Foundation
import ShelfCatalog
import ShelfTV
import ShelfTestSupport
import XCTest

/// The shell's own way to the network: the built `shelf-fetch` helper, run as a process,
/// against the local server.
final class ProcessTransportTests: ServerTestCase {
  /// `shelf-fetch` beside the test binary (`.build/debug/`), where `swift build` puts it.
  private var transport: ProcessTransport {
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let candidates = [testBinary.deletingLastPathComponent(), Bundle.main.bundleURL]
      .map { $0.appendingPathComponent("shelf-fetch") }
    let helper = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    return ProcessTransport(helper: helper ?? candidates[0])
  }

  func testTheHelperIsBuilt() {
    XCTAssertTrue(
      FileManager.default.isExecutableFile(atPath: transport.helper.path), transport.helper.path)
  }

  func testStatusHeadersAndBinaryBodyComeThrough() throws {
    let body = Data([0, 1, 2, 10, 10, 255] + Array("tail".utf8))
    server.route(
      "/poster.jpg",
      always: TestHTTPServer.Response(status: 200, headers: ["Retry-After": "3"], body: body))
    let response = try transport.get(
      server.baseURL.appendingPathComponent("poster.jpg"), timeout: 5)
    XCTAssertEqual(response.status, 200)
    XCTAssertEqual(response.headers["retry-after"], "3")
    XCTAssertEqual(response.body, body)
  }

  func testTheClientDecodesShowsThroughTheHelper() throws {
    try server.route("/shows?page=0", file: Fixture.url("shows-page-0.json"))
    let client = TVMazeClient(baseURL: server.baseURL, transport: transport, timeout: 5)
    XCTAssertEqual(try client.showsPage(0)?.count, 240)
    XCTAssertNil(try client.showsPage(1), "404 past the end")
  }

  func testRefusedAndTimedOutAreTold() throws {
    let closed = try TestHTTPServer.unusedPort()
    XCTAssertThrowsError(
      try transport.get(URL(string: "http://127.0.0.1:\(closed)/x")!, timeout: 2)
    ) { error in
      XCTAssertEqual((error as? TransportFailure)?.kind, .noConnection)
    }
    server.route(
      "/slow", always: TestHTTPServer.Response(status: 200, body: Data("late".utf8), delay: 3))
    XCTAssertThrowsError(
      try transport.get(server.baseURL.appendingPathComponent("slow"), timeout: 1)
    ) { error in
      XCTAssertEqual((error as? TransportFailure)?.kind, .timedOut)
    }
  }

  func testAMissingHelperIsAClearFailure() {
    let missing = ProcessTransport(helper: URL(fileURLWithPath: "/nonexistent/shelf-fetch"))
    XCTAssertThrowsError(try missing.get(server.baseURL, timeout: 1)) { error in
      XCTAssertTrue((error as? TransportFailure)?.detail.contains("network helper") == true)
    }
  }
}
