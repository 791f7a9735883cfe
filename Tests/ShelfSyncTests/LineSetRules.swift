import Foundation
import ShelfSync

/// Merge rules for the engine's own tests, so that git, the journal, the locks and the faults
/// are tested apart from the data's real rules: every document is a set of lines, merged with
/// its base as a set (both sides' additions kept, a removal carried when the other side kept
/// the line), each line one change. `people.txt` lists `ID NAME` a line; each person has
/// `items.txt` in `people/NAME/`. A version holding the line `DAMAGED` cannot be read.
struct LineSetRules: SyncRules {
  let householdDocuments = ["people.txt", "list.txt"]
  let personDocuments = ["items.txt"]
  let peopleDocument = "people.txt"
  let peopleDirectory = "people"

  static func lines(_ data: Data?) -> [String] {
    guard let data else { return [] }
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  static func document(_ lines: [String]) -> Data {
    Data(lines.map { $0 + "\n" }.joined().utf8)
  }

  func people(in document: Data?) throws -> [SyncPerson] {
    try check(document, .ours)
    return Self.lines(document).compactMap { line in
      let fields = line.split(separator: " ").map(String.init)
      guard fields.count >= 2 else { return nil }
      return SyncPerson(id: fields[0], name: fields[1], directory: fields[1].lowercased())
    }
  }

  func emptyVersion(of document: SyncDocument) throws -> Data { Data() }

  func merge(
    _ document: SyncDocument, base: Data?, ours: Data?, theirs: Data?, household: Data?
  ) throws -> SyncMerge {
    try check(base, .base)
    try check(ours, .ours)
    try check(theirs, .theirs)
    let old = Set(Self.lines(base))
    let mine = Self.lines(ours)
    let other = Self.lines(theirs)
    let mineSet = Set(mine)
    let otherSet = Set(other)
    var result: [String] = []
    for line in mine + other where !result.contains(line) {
      let both = mineSet.contains(line) && otherSet.contains(line)
      let added = !old.contains(line)
      if both || added { result.append(line) }
    }
    let resultSet = Set(result)
    return SyncMerge(
      document: Self.document(result),
      sent: resultSet.symmetricDifference(otherSet).count,
      received: resultSet.symmetricDifference(mineSet).count)
  }

  func settle(dataDirectory: URL) throws -> [String: URL] {
    let listed = Set(
      try people(in: try? Data(contentsOf: dataDirectory.appendingPathComponent(peopleDocument)))
        .map(\.directory))
    let directory = dataDirectory.appendingPathComponent(peopleDirectory)
    var kept: [String: URL] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    where !name.contains(".") && !listed.contains(name) {
      let destination = directory.appendingPathComponent("\(name).removed")
      try FileManager.default.moveItem(
        at: directory.appendingPathComponent(name), to: destination)
      kept[name] = destination
    }
    return kept
  }

  private func check(_ data: Data?, _ side: DamagedVersion.Side) throws {
    if Self.lines(data).contains("DAMAGED") {
      throw DamagedVersion(side: side, reason: "it says DAMAGED")
    }
  }
}
