import Dispatch
import Foundation
import ShelfDomain
import ShelfStore
import ShelfTestSupport
import XCTest

final class ConcurrencyTests: TemporaryDirectoryTestCase {
  func testConcurrentUpdatesThroughSeparateInstancesLoseNothing() throws {
    let url = temporary.file("data/cart.plist")
    // Four writers at once (more than this machine's two processors), each change through a
    // file lock and a durable write.
    let threads = 4
    let updatesPerThread = 30
    let errors = Collector<String>()
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for update in 0..<updatesPerThread {
        // A fresh instance for every change, as two shells would have.
        let file = PropertyListFile<CartDocument>(url: url)
        do {
          try file.update { document in
            document.lines.append(
              CartLine(kind: .toy, id: thread * 1000 + update, quantity: update % 999 + 1))
          }
          let warnings = file.takeWarnings()
          if !warnings.isEmpty { errors.append("thread \(thread): \(warnings)") }
        } catch {
          errors.append("thread \(thread), update \(update): \(error)")
        }
      }
    }
    XCTAssertEqual(errors.values, [])
    let lines = try PropertyListFile<CartDocument>(url: url).read().lines
    XCTAssertEqual(lines.count, threads * updatesPerThread)
    let expected = Set(
      (0..<threads).flatMap { thread in (0..<updatesPerThread).map { thread * 1000 + $0 } })
    XCTAssertEqual(Set(lines.map(\.id)), expected)
    for thread in 0..<threads {
      let ids = lines.map(\.id).filter { $0 / 1000 == thread }
      XCTAssertEqual(ids, ids.sorted(), "each thread's changes stay in order")
    }
    let names = try FileManager.default.contentsOfDirectory(
      atPath: url.deletingLastPathComponent().path)
    XCTAssertEqual(names.sorted(), ["cart.plist", "cart.plist.lock"])
  }

  func testConcurrentReadersAlwaysSeeAWholeDocument() throws {
    let url = temporary.file("favorites.plist")
    let writes = 100
    let errors = Collector<String>()
    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      if worker == 0 {
        for id in 1...writes {
          do {
            try PropertyListFile<FavoritesDocument>(url: url).update { document in
              _ = document.add(ItemID(.toy, id))
            }
          } catch {
            errors.append("write \(id): \(error)")
          }
        }
      } else {
        for _ in 0..<writes {
          let file = PropertyListFile<FavoritesDocument>(url: url)
          do {
            let document = try file.read()
            let prefix = (0..<document.toys.count).map { $0 + 1 }
            if document.toys != prefix { errors.append("reader saw \(document.toys)") }
            let warnings = file.takeWarnings()
            if !warnings.isEmpty { errors.append("reader warned: \(warnings)") }
          } catch {
            errors.append("read: \(error)")
          }
        }
      }
    }
    XCTAssertEqual(errors.values, [])
    XCTAssertEqual(try PropertyListFile<FavoritesDocument>(url: url).read().toys, Array(1...writes))
  }
}
