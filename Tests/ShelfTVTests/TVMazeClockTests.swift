import Foundation
import ShelfTV
import XCTest

final class TVMazeClockTests: XCTestCase {
  /// Ctrl-C during a `Retry-After` wait (up to 30 s) or pacing ends the wait.
  func testAnInterruptibleWaitEndsWhenCancelled() {
    let pressed = Flag()
    let clock = TVMazeClock.interruptible(isCancelled: { pressed.isSet })
    let woke = expectation(description: "the hour-long wait ended")
    Thread {
      clock.sleep(3600)
      woke.fulfill()
    }.start()
    pressed.set()
    wait(for: [woke], timeout: 10)
  }

  func testAnInterruptibleWaitLastsItsTimeWhenNotCancelled() {
    let clock = TVMazeClock.interruptible(isCancelled: { false })
    let start = clock.now()
    clock.sleep(0.2)
    XCTAssertGreaterThanOrEqual(clock.now() - start, 0.2)
  }
}
