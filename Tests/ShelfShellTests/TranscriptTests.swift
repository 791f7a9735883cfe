import XCTest

/// Whole sessions replayed against the real catalog; see Transcripts/*.txt.
final class TranscriptTests: XCTestCase {
  func testNavigation() throws { try TranscriptRunner(name: "navigation").run() }
  func testErrors() throws { try TranscriptRunner(name: "errors").run() }
  func testCompletion() throws { try TranscriptRunner(name: "completion").run() }
  func testToysSearch() throws { try TranscriptRunner(name: "toys-search").run() }
  func testBuyingAndCart() throws { try TranscriptRunner(name: "cart").run() }
  func testFavoritesAcrossRestart() throws { try TranscriptRunner(name: "favorites").run() }
  func testResume() throws { try TranscriptRunner(name: "resume").run() }
  func testStories() throws { try TranscriptRunner(name: "stories").run() }
  func testStore() throws { try TranscriptRunner(name: "store").run() }
  func testShowsOffline() throws { try TranscriptRunner(name: "shows-offline").run() }
  func testHelp() throws { try TranscriptRunner(name: "help").run() }
}
