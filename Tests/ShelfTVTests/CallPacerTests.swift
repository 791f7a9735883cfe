import XCTest

@testable import ShelfTV

final class CallPacerTests: XCTestCase {
  func testTwentyCallsGoAtOnceThenTheNextWaitsForTheWindow() {
    var pacer = CallPacer(limit: 20, window: 10)
    for _ in 0..<20 { XCTAssertEqual(pacer.reserve(at: 100), 0) }
    XCTAssertEqual(pacer.reserve(at: 104), 6)  // the first call was at 100
    XCTAssertEqual(pacer.reserve(at: 110), 0)  // the second call (at 100) is 10 s old
  }

  func testSpreadOutCallsNeverWait() {
    var pacer = CallPacer(limit: 20, window: 10)
    for i in 0..<100 { XCTAssertEqual(pacer.reserve(at: Double(i) * 0.5), 0) }
    XCTAssertEqual(pacer.slots.count, 20)
  }

  func testReservedSlotsCountForLaterCallers() {
    var pacer = CallPacer(limit: 2, window: 10)
    XCTAssertEqual(pacer.reserve(at: 0), 0)
    XCTAssertEqual(pacer.reserve(at: 0), 0)
    XCTAssertEqual(pacer.reserve(at: 0), 10)  // booked at 10
    XCTAssertEqual(pacer.reserve(at: 0), 10)  // the second is at 0 too
    XCTAssertEqual(pacer.reserve(at: 0), 20)  // after the third (at 10)
  }

  func testTheDelayOfTheNextCallIsToldWithoutBookingIt() {
    var pacer = CallPacer(limit: 2, window: 10)
    XCTAssertEqual(pacer.delay(at: 0), 0)
    _ = pacer.reserve(at: 0)
    _ = pacer.reserve(at: 1)
    XCTAssertEqual(pacer.delay(at: 4), 6)
    XCTAssertEqual(pacer.delay(at: 4), 6, "nothing was booked")
    XCTAssertEqual(pacer.delay(at: 12), 0)
  }
}
