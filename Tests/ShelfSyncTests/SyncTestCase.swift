import Foundation
import ShelfTestSupport
import XCTest

/// A test of devices sharing one bare repository: each test gets a folder of its own for the
/// devices and the remote, removed after it.
class SyncTestCase: XCTestCase {
  private(set) var root: TemporaryDirectory!
  private(set) var remote: HouseholdRemote!

  override func setUpWithError() throws {
    try super.setUpWithError()
    root = try TemporaryDirectory(prefix: "shelf-sync")
    remote = HouseholdRemote(root: root.url)
  }

  override func tearDown() {
    root?.remove()
    super.tearDown()
  }

  /// A device of the household, its data directory and home in the test's folder.
  func device(_ name: String) throws -> SyncDevice {
    try SyncDevice(name, in: root.url)
  }
}
