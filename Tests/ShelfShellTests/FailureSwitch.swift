import CTurboJPEG
import Foundation
import ShelfDomain
import ShelfShell
import ShelfStore
import ShelfTV
import ShelfTerminal
import ShelfTestSupport
import XCTest

/// Makes the next N requests for page 0 fail with a given answer; the server's handler threads
/// read it.
final class FailureSwitch: @unchecked Sendable {
  let lock = NSLock()
  var remaining = 0
  var response = TestHTTPServer.Response.status(500)

  func fail(_ count: Int, with response: TestHTTPServer.Response) {
    lock.lock()
    defer { lock.unlock() }
    remaining = count
    self.response = response
  }

  func next() -> TestHTTPServer.Response? {
    lock.lock()
    defer { lock.unlock() }
    guard remaining > 0 else { return nil }
    remaining -= 1
    return response
  }
}
