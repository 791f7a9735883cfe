import ShelfTV
import XCTest

final class TVMazeErrorTests: XCTestCase {
  private let url = "https://api.tvmaze.com/shows?page=0"

  func testDescriptions() {
    XCTAssertEqual(
      TVMazeError(kind: .timedOut, url: url, detail: "15 s").description,
      "TVmaze did not answer within 15 s (https://api.tvmaze.com/shows?page=0)")
    XCTAssertEqual(
      TVMazeError(kind: .noConnection, url: url, detail: "connection refused").description,
      "cannot reach TVmaze: connection refused")
    XCTAssertEqual(
      TVMazeError(kind: .httpStatus(500), url: url, detail: "internal server error").description,
      "TVmaze answered HTTP 500")
    XCTAssertEqual(
      TVMazeError(kind: .rateLimited(retryAfter: 3), url: url).description,
      "TVmaze rate limit: retry after 3 s")
    XCTAssertEqual(
      TVMazeError(kind: .rateLimited(retryAfter: nil), url: url).description,
      "TVmaze rate limit: try again later")
    XCTAssertEqual(
      TVMazeError(kind: .badResponse, url: url, detail: "malformed JSON: expected Int at id")
        .description,
      "TVmaze sent malformed JSON: expected Int at id")
  }

  func testEveryKindIsAFetchFailure() {
    let kinds: [TVMazeError.Kind] = [
      .timedOut, .noConnection, .httpStatus(503), .rateLimited(retryAfter: nil), .badResponse,
    ]
    XCTAssertTrue(kinds.allSatisfy { TVMazeError(kind: $0, url: url).isFetchFailure })
  }

  func testCacheErrorsAreNotFetchFailures() {
    let error = TVCacheError(kind: .unwritable, path: "/x/shows.json", detail: "Permission denied")
    XCTAssertFalse(error.isFetchFailure)
    XCTAssertEqual(error.description, "cannot write /x/shows.json: Permission denied")
  }
}
