import Foundation
import ShelfCatalog

/// The side file of an unfinished `ShowLibrary.refreshAll`, so that a walk interrupted by an
/// error continues from the next page the next time.
///
/// It is a JSON Lines file: the first line names the API the pages come from, each further
/// line holds one page (`{"page": N, "shows": [...]}`), appended and flushed as it arrives, so
/// saving costs one page per page rather than the whole list. A torn last line (a crash in
/// the middle of an append) is dropped when the journal is resumed.
struct RefreshJournal {
  /// What an earlier run saved: the page to fetch next and the shows of the pages before it.
  struct Resumed {
    var nextPage = 0
    var shows: [Show] = []
    /// Set when an unreadable journal was thrown away.
    var warning: String?
  }

  private struct Header: Codable, Equatable {
    var journal = "shelf refreshAll"
    var baseURL: String
  }

  private struct Page: Codable {
    var page: Int
    var shows: [Show]
  }

  let url: URL
  /// The API's base URL; a journal written for another one is not resumed.
  let baseURL: String

  /// Reads the pages saved by an earlier run for the same API, or starts a new journal.
  func resume() throws -> Resumed {
    let header = Header(baseURL: baseURL)
    var resumed = Resumed()
    if let data = try? Data(contentsOf: url) {
      var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      if data.last == UInt8(ascii: "\n") { lines.removeLast() }
      let saved = lines.first.flatMap { try? JSONDecoder().decode(Header.self, from: $0) }
      if saved == header {
        var kept = 1
        for line in lines.dropFirst() {
          guard let page = try? JSONDecoder().decode(Page.self, from: line),
            page.page == resumed.nextPage
          else { break }
          resumed.shows += page.shows
          resumed.nextPage += 1
          kept += 1
        }
        if kept == lines.count && data.last == UInt8(ascii: "\n") { return resumed }
        // Drop the torn tail so that the next append starts on a line of its own.
        try DurableFile.write(
          Data(lines.prefix(kept).joined(separator: [UInt8(ascii: "\n")])) + [UInt8(ascii: "\n")],
          to: url)
        return resumed
      }
      if saved == nil {
        resumed.warning = "ignoring an unreadable partial refresh (\(url.path)); starting over"
      }
    }
    try DurableFile.write(Self.line(header), to: url)
    return resumed
  }

  /// Saves one page; it is on disk when this returns.
  func append(page: Int, shows: [Show]) throws {
    try DurableFile.append(Self.line(Page(page: page, shows: shows)), to: url)
  }

  func remove() {
    DurableFile.remove(url)
  }

  /// One JSON document on one line (JSONEncoder escapes newlines inside strings).
  private static func line<T: Encodable>(_ value: T) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(value) + [UInt8(ascii: "\n")]
  }
}
