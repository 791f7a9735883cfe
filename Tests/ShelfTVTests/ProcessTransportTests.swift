import Foundation
import ShelfTV
import ShelfTestSupport
import XCTest

/// The shell's own way to the network: the built `shelf-fetch` helper, run as a process,
/// against the local server.
final class ProcessTransportTests: ServerTestCase {
  private var transport: ProcessTransport { ProcessTransport(helper: ShelfFetchHelper.url) }

  /// A stand-in helper: a script that reads one request and prints `output`, then exits.
  private func fakeHelper(printing output: String) throws -> ProcessTransport {
    let script = temporary.file("fake-helper")
    try Data("#!/bin/sh\nread request\nprintf '\(output)'\n".utf8).write(to: script)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
    return ProcessTransport(helper: script)
  }

  private func failure(_ body: () throws -> HTTPResponse) -> Error? {
    do {
      _ = try body()
      XCTFail("expected an error")
    } catch {
      return error
    }
    return nil
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

  func testManyRequestsGoThroughOneHelperOverOneConnection() throws {
    server.keepsAlive = true
    server.route("/shows/1", always: .json(Data("{}".utf8)))
    let shared = transport
    for _ in 0..<20 {
      XCTAssertEqual(
        try shared.get(server.baseURL.appendingPathComponent("shows/1"), timeout: 5).status, 200)
    }
    XCTAssertEqual(server.requestCount("/shows/1"), 20)
    XCTAssertEqual(shared.processesStarted, 1, "one helper process")
    XCTAssertEqual(server.connectionCount, 1, "one connection, kept open")
  }

  func testASilentServerTimesOut() throws {
    server.route("/silent", always: .silent)
    let error = failure {
      try transport.get(server.baseURL.appendingPathComponent("silent"), timeout: 1)
    }
    XCTAssertEqual((error as? TransportFailure)?.kind, .timedOut)
  }

  func testADrippingServerTimesOutAtTheDeadlineRatherThanWhenTheBodyIsDone() throws {
    // 40 bytes, one every 0.25 s: 10 s in all; a timeout that restarted with each byte would
    // never fire and the request would succeed.
    server.route(
      "/drip",
      always: TestHTTPServer.Response(status: 200, body: Data(repeating: 65, count: 40), drip: 0.25)
    )
    let error = failure {
      try transport.get(server.baseURL.appendingPathComponent("drip"), timeout: 1)
    }
    XCTAssertEqual((error as? TransportFailure)?.kind, .timedOut)
  }

  func testAHelperThatDiesMidAnswerIsATypedFailure() throws {
    let dying = try fakeHelper(printing: "1 ok 500\\n200\\n")
    let error = failure { try dying.get(server.baseURL, timeout: 2) }
    let transportFailure = try XCTUnwrap(error as? TransportFailure, "\(String(describing: error))")
    XCTAssertEqual(transportFailure.kind, .noConnection)
    XCTAssertTrue(
      transportFailure.detail.contains("network helper stopped"), transportFailure.detail)
  }

  func testAHelperThatPrintsGarbageIsATypedFailure() throws {
    let babbling = try fakeHelper(
      printing: "this is not an answer at all, only text that goes on and on and on\\n")
    let error = failure { try babbling.get(server.baseURL, timeout: 2) }
    XCTAssertEqual((error as? TransportFailure)?.kind, .badResponse)
  }

  func testAKilledHelperFailsTheRequestAndTheNextOneStartsAnother() throws {
    server.route("/silent", always: .silent)
    server.route("/ok", always: .json(Data("{}".utf8)))
    let shared = transport
    XCTAssertEqual(
      try shared.get(server.baseURL.appendingPathComponent("ok"), timeout: 5).status, 200)
    let pid = try XCTUnwrap(shared.helperProcessID)
    Thread {
      Thread.sleep(forTimeInterval: 0.3)
      kill(pid, SIGKILL)
    }.start()
    let error = failure {
      try shared.get(server.baseURL.appendingPathComponent("silent"), timeout: 10)
    }
    XCTAssertEqual((error as? TransportFailure)?.kind, .noConnection)
    XCTAssertEqual(
      try shared.get(server.baseURL.appendingPathComponent("ok"), timeout: 5).status, 200)
    XCTAssertEqual(shared.processesStarted, 2)
  }

  func testCancellingEndsTheWaitAndTheHelper() throws {
    server.route("/silent", always: .silent)
    let pressed = Flag()
    let cancellable = ProcessTransport(helper: ShelfFetchHelper.url, isCancelled: { pressed.isSet })
    Thread {
      Thread.sleep(forTimeInterval: 0.3)
      pressed.set()
    }.start()
    let error = failure {
      try cancellable.get(server.baseURL.appendingPathComponent("silent"), timeout: 10)
    }
    XCTAssertTrue(error is RequestCancelled, "\(String(describing: error))")
    XCTAssertNil(cancellable.helperProcessID, "the helper was ended")
  }
}

/// A flag set by one thread and read by another.
final class Flag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false

  var isSet: Bool {
    lock.lock()
    defer { lock.unlock() }
    return value
  }

  func set() {
    lock.lock()
    value = true
    lock.unlock()
  }
}
