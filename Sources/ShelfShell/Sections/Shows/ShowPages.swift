import ShelfDomain
import ShelfTV

/// The show store as a screen reads it while it is printed: pages in id order. (The store is
/// used from one thread at a time: the session's.)
final class ShowPages: @unchecked Sendable {
  let library: ShowLibrary

  init(_ library: ShowLibrary) {
    self.library = library
  }

  func rows(afterID: Int, limit: Int) -> [ShowRow] {
    (try? library.rows(afterID: afterID, limit: limit)) ?? []
  }

  func shows(afterID: Int, limit: Int) -> [Show] {
    (try? library.shows(afterID: afterID, limit: limit)) ?? []
  }

  /// The show with that id (nil when it cannot be read).
  func show(id: Int) -> Show? {
    (try? library.show(id: id)) ?? nil
  }

  /// The shows with these ids, in this order, read a page at a time.
  func shows(ids: [Int]) -> AnySequence<Show> {
    let library = self.library
    return AnySequence(
      stride(from: 0, to: ids.count, by: 500).lazy.flatMap { start in
        ids[start..<min(start + 500, ids.count)].compactMap { try? library.show(id: $0) }
      })
  }
}

/// The items of a paged source in order: `fetch(afterID, limit)` gives the next page.
struct Paged<Element: Identifiable>: Sequence where Element.ID == Int {
  let page: Int
  let fetch: (Int, Int) -> [Element]

  func makeIterator() -> AnyIterator<Element> {
    var buffer: [Element] = []
    var index = 0
    var last = Int.min
    var finished = false
    return AnyIterator {
      if index == buffer.count {
        guard !finished else { return nil }
        buffer = fetch(last, page)
        index = 0
        finished = buffer.count < page
        guard let final = buffer.last else { return nil }
        last = final.id
      }
      defer { index += 1 }
      return buffer[index]
    }
  }
}
