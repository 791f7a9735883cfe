// Linux only, like the other tests that signal the process (SIGKILL, SIGINT).
#if os(Linux)
  import Foundation
  import ShelfTestSupport
  import XCTest

  /// `import --from` as a process: its exit status, a kill half-way (every show whole, the
  /// next run adds the rest) and Ctrl-C, against a real HTTP server on 127.0.0.1 that answers
  /// as TVmaze does; TVmaze's pacing window is scaled to 1 s (`SHELF_TVMAZE_PACE`, honoured for
  /// a server on this machine only): 30 shows, 60 calls, three windows of 20.
  final class HistoryImportProcessTests: EndToEndTestCase {
    private var server: TestHTTPServer!
    private let shows = 30
    private let episodes = 10

    override func setUpWithError() throws {
      try super.setUpWithError()
      server = try TestHTTPServer()
      server.keepsAlive = true
      for id in 1...shows {
        let list: [[String: Any]] = (1...episodes).map { number in
          ["id": id * 100 + number, "name": "Episode \(number)", "season": 1, "number": number]
        }
        var show: [String: Any] = ["id": id, "name": "Show \(id)", "updated": 1_700_000_000]
        show["_embedded"] = ["episodes": list]
        server.route(
          "/shows/\(id)?embed=episodes",
          always: .json(try JSONSerialization.data(withJSONObject: show)))
        server.routeLookup(imdb: nil, thetvdb: 70_000 + id, to: id)
      }
    }

    override func tearDown() {
      server?.stop()
      server = nil
      super.tearDown()
    }

    private var network: [String: String] {
      ["SHELF_TVMAZE_URL": server.baseURL.absoluteString, "SHELF_TVMAZE_PACE": "1"]
    }

    /// TV Time's records of every show's episodes (TheTVDB ids), and a show TVmaze lacks.
    private func export() throws -> URL {
      var text = "key,user_id,created_at,s_id,ep_id,series_name,season_number,episode_number\n"
      for id in 1...shows {
        for number in 1...episodes {
          text += "k,7,2021-01-01 10:00:00,\(70_000 + id),1,Show \(id),1,\(number)\n"
        }
      }
      text += "k,7,2021-01-01 10:00:00,99999,1,Nowhere,1,1\n"
      let url = sandbox.file("gdpr/tracking-prod-records-v2.csv")
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
      return url.deletingLastPathComponent()
    }

    /// The marks of each show in the watched file.
    private func marksPerShow() throws -> [Int: Int] {
      guard FileManager.default.fileExists(atPath: sandbox.personFile("watched.plist").path) else {
        return [:]
      }
      var counts: [Int: Int] = [:]
      let watched = try propertyList("watched.plist")
      for show in watched["shows"] as? [[String: Any]] ?? [] {
        guard let id = (show["showId"] as? NSNumber)?.intValue else { continue }
        counts[id] = (show["episodes"] as? [Any])?.count ?? 0
      }
      return counts
    }

    func testTheStatusIsZeroWhenAShowMatchedAndOneWhenNoneCould() throws {
      let folder = try export()
      let run = try shelf(["-c", "import --from tvtime \(folder.path)"], environment: network)
      XCTAssertEqual(run.status, 0, run.summary)
      XCTAssertEqual(
        run.outputLines.first,
        "30 shows matched, 300 episodes marked, 0 ratings, 1 not found: Nowhere.")
      try Data("key,s_id,series_name,season_number,episode_number\nk,99999,Nowhere,1,1\n".utf8)
        .write(to: folder.appendingPathComponent("tracking-prod-records-v2.csv"))
      let none = try shelf(["-c", "import --from tvtime \(folder.path)"], environment: network)
      XCTAssertEqual(none.status, 1, none.summary)
      XCTAssertTrue(none.errors.contains("no show could be matched"), none.summary)
    }

    func testAKillHalfWayLeavesEveryShowWholeAndTheNextRunAddsTheRest() throws {
      let folder = try export()
      let running = try start(["-c", "import --from tvtime \(folder.path)"], environment: network)
      let deadline = Date().addingTimeInterval(20)
      // In the third window: the shows of the first two were written while it waited.
      while server.targets.count < 44, Date() < deadline { usleep(5_000) }
      kill(running.process.processIdentifier, SIGKILL)
      _ = try running.wait(timeout: 10)
      let marks = try marksPerShow()
      XCTAssertFalse(marks.isEmpty, "the shows of the first windows were written")
      XCTAssertLessThan(marks.count, shows, "killed before the end")
      XCTAssertTrue(marks.values.allSatisfy { $0 == episodes }, "every show whole: \(marks)")

      let rest = try shelf(["-c", "import --from tvtime \(folder.path)"], environment: network)
      XCTAssertEqual(rest.status, 0, rest.summary)
      XCTAssertEqual(
        rest.outputLines.first,
        "30 shows matched, \((shows - marks.count) * episodes) episodes marked, 0 ratings, "
          + "1 not found: Nowhere.")
      XCTAssertEqual(
        try marksPerShow(), Dictionary(uniqueKeysWithValues: (1...shows).map { ($0, episodes) }))
    }

    func testCtrlCKeepsTheShowsDoneAndEndsAScriptWithStatus130() throws {
      let folder = try export()
      let running = try start(["-c", "import --from tvtime \(folder.path)"], environment: network)
      let deadline = Date().addingTimeInterval(20)
      while server.targets.count < 24, Date() < deadline { usleep(5_000) }
      kill(running.process.processIdentifier, SIGINT)
      let run = try running.wait(timeout: 10)
      XCTAssertEqual(run.status, 130, run.summary)
      XCTAssertTrue(run.errors.contains("again adds the rest"), run.summary)
      let marks = try marksPerShow()
      XCTAssertFalse(marks.isEmpty, "the shows done are kept")
      XCTAssertTrue(marks.values.allSatisfy { $0 == episodes }, "every show whole: \(marks)")
    }
  }
#endif
