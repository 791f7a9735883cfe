import Foundation
import ShelfShell
import ShelfStore
import ShelfTerminal
import ShelfTestSupport
import XCTest

/// Generated hostile command lines through sessions over the real catalog (the network is a
/// closed port on 127.0.0.1): nothing crashes, nothing printed carries an escape sequence, a
/// C1 control or a bidirectional override, and every file in the data directory still reads.
/// `tools/fuzz` runs it longer (`SHELF_FUZZ_LINES`, `SHELF_FUZZ_SEED`).
final class CommandLineFuzzTests: XCTestCase {
  /// The lines are shared out over this many independent sessions (each with its own data
  /// directory) run side by side, so that 10,000 lines stay a matter of seconds.
  static let shards = 2

  func testGeneratedCommandLinesPrintNothingUnsafeAndLeaveEveryFileReadable() throws {
    let settings = FuzzSettings.fromEnvironment()
    print("fuzz: seed \(settings.seed), \(settings.lines) command lines")
    _ = try TestLibrary.catalog()
    let results = ShardResults(count: Self.shards)
    DispatchQueue.concurrentPerform(iterations: Self.shards) { shard in
      let lines = settings.lines / Self.shards + (shard < settings.lines % Self.shards ? 1 : 0)
      do {
        results.set(shard, try Self.fuzz(shard: shard, lines: lines, settings: settings))
      } catch {
        results.set(shard, ["shard \(shard) could not run: \(error)"])
      }
    }
    let failures = results.all
    XCTAssertTrue(
      failures.isEmpty,
      "\(failures.count) problems (again: \(settings.reproduction)):\n"
        + failures.joined(separator: "\n"))
  }

  /// Runs `lines` generated lines in a session of its own; returns what went wrong.
  private static func fuzz(shard: Int, lines: Int, settings: FuzzSettings) throws -> [String] {
    let files = try TestLibrary()
    let scratch = try TemporaryDirectory(prefix: "shelf-fuzz-lines")
    defer { scratch.remove() }
    // Positions are remembered (a write of preferences.plist) on one line in ten only: each
    // write is flushed to disk, and that, not the shell, would set the pace.
    let library = try files.make(timeout: 1, clock: SkippingClock().clock)
    let session = Session(
      library: library, options: SessionOptions(interactive: false, remembersPosition: false),
      asker: ScriptedAsker(), opener: RecordingOpener())
    let remembering = Session(
      library: library, options: SessionOptions(interactive: false),
      asker: ScriptedAsker(), opener: RecordingOpener())

    // Something to import, written by export itself.
    for line in ["fav toy:1", "fav show:1", "buy toy:2", "watched show:1 S1E1"] {
      _ = session.run(line)
    }
    guard let export = session.execute("export").report else { return ["export failed"] }
    try scratch.write("export.json", TextRenderer(style: .plain).render(export))
    let importable = [
      scratch.file("export.json").path, scratch.url.path, scratch.file("missing.json").path,
      files.personDirectory.appendingPathComponent("favorites.plist").path, "/dev/null",
    ]

    var generator = FuzzLineGenerator(
      random: settings.generator(for: "lines \(shard)"), registry: session.registry,
      catalog: try TestLibrary.catalog(), files: importable)
    var completion = settings.generator(for: "completion \(shard)")
    let plain = TextRenderer(style: .plain)
    let colored = TextRenderer(style: TerminalStyle(colors: true, width: 80))
    var failures: [String] = []
    for index in 0..<lines {
      let line = generator.line()
      let outcomes = (index % 10 == 9 ? remembering : session).run(
        line, stopAtError: index % 5 == 0)
      for outcome in outcomes {
        for problem in problems(of: outcome, plain: plain, colored: colored) {
          failures.append("shard \(shard) line \(index) \(String(reflecting: line)): \(problem)")
        }
      }
      if completion.chance(10) {
        _ = session.complete(line, cursor: Int.random(in: 0...line.count, using: &completion))
      }
      if failures.count >= 20 { break }
    }

    // Every file the lines wrote still reads, without being set aside.
    let data = UserData(directory: files.dataDirectory)
    for (name, read) in [
      ("favorites", { _ = try data.favorites.read() }), ("cart", { _ = try data.cart.read() }),
      ("watched", { _ = try data.watched.read() }),
      ("preferences", { _ = try data.preferences.read() }),
    ] as [(String, () throws -> Void)] {
      do { try read() } catch { failures.append("shard \(shard): \(name) unreadable: \(error)") }
    }
    failures += data.takeWarnings().map { "shard \(shard): \($0)" }
    let names = try FileManager.default.contentsOfDirectory(atPath: files.dataDirectory.path)
    failures += names.filter { $0.contains(".corrupt-") }.map { "shard \(shard): set aside \($0)" }
    let reopened = try files.make()
    do { _ = try reopened.shows.count() } catch {
      failures.append("shard \(shard): show store unreadable: \(error)")
    }
    failures += reopened.shows.takeWarnings().map { "shard \(shard): \($0)" }
    return failures
  }

  /// What would be wrong on the terminal with this outcome: its report in plain text, in
  /// colour and as JSON, its error and warnings as the front end prints them.
  static func problems(of outcome: Outcome, plain: TextRenderer, colored: TextRenderer)
    -> [String]
  {
    var problems: [String] = []
    if let report = outcome.report {
      if let problem = TerminalSafety.problem(inText: plain.render(report), colors: false) {
        problems.append("plain text: \(problem)")
      }
      if let problem = TerminalSafety.problem(inText: colored.render(report), colors: true) {
        problems.append("coloured text: \(problem)")
      }
      var json = ""
      JSONRenderer().render(report) { json += $0 }
      if let problem = TerminalSafety.problem(inJSON: json) {
        problems.append("JSON: \(problem)")
      }
    }
    if let error = outcome.error {
      let message = TerminalText.sanitize(error.message)
      if let problem = TerminalSafety.problem(inText: message, colors: false) {
        problems.append("error: \(problem)")
      }
      if message.trimmingCharacters(in: .whitespaces).isEmpty {
        problems.append("empty error message for \(error)")
      }
      if case .unexpected(let description) = error {
        problems.append("an error the shell does not know: \(String(reflecting: description))")
      }
    }
    for warning in outcome.warnings {
      if let problem = TerminalSafety.problem(
        inText: TerminalText.sanitize(warning), colors: false)
      {
        problems.append("warning: \(problem)")
      }
    }
    return problems
  }
}

/// The failures of each shard, filled in from several threads.
private final class ShardResults: @unchecked Sendable {
  private let lock = NSLock()
  private var failures: [[String]]

  init(count: Int) {
    failures = Array(repeating: [], count: count)
  }

  func set(_ shard: Int, _ list: [String]) {
    lock.lock()
    defer { lock.unlock() }
    failures[shard] = list
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return failures.flatMap { $0 }
  }
}
