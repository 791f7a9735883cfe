import Foundation
import ShelfDomain

/// What an export shows one person: `viewer` (the active profile's lasting id) never sees
/// what is hidden from them; `owner` is whose file it is (nil: the household's); `name` names
/// a person by their lasting id.
struct ExportView {
  let viewer: String
  let owner: String?
  let name: (String) -> String?
}

/// What an import needs to take a value in: `person` finds the lasting id here of a person an
/// export names, `known` the name the catalog or the show store has for an item (nil: neither
/// has it, and the member is left out).
struct ImportView {
  let person: (String) -> String?
  let known: (ItemID) throws -> String?
}

/// Runs `body` with an `ImportView` whose `known` is `known`, which need not escape.
func withImportView<Result>(
  person: @escaping (String) -> String?, known: (ItemID) throws -> String?,
  _ body: (ImportView) throws -> Result
) rethrows -> Result {
  try withoutActuallyEscaping(known) { known in
    try body(ImportView(person: person, known: known))
  }
}

/// One datum's place in its document type, `Document`: the projection (`keyPath`) that reads
/// and writes its values, and what export, import, merge, profile removal and the recording
/// of change times do with it. Made generically from the projection, so that every datum is
/// carried the same way.
struct DatumPart<Document: StoredDocument>: Sendable {
  let exportKey: String
  let rule: MergeRule
  /// Whether its members record when they changed.
  let recordsChanges: Bool
  let merge: @Sendable (_ base: Document?, _ ours: inout Document, _ theirs: Document) -> MergeCount
  let stamp:
    @Sendable (_ before: Document, _ after: inout Document, _ now: Date, _ keepingGivenTimes: Bool)
      -> Void
  let release: @Sendable (_ document: inout Document, _ person: (String) -> Bool) -> Int
  let export: @Sendable (_ document: Document, _ view: ExportView) -> (any MergeableValue)?
  let decode:
    @Sendable (_ container: KeyedDecodingContainer<ExportKey>, _ key: ExportKey) throws ->
      (any MergeableValue)?
  /// The value read by the export scanner; nil when it is not what was expected (the slow
  /// way then words the error).
  let scan: @Sendable (_ scanner: inout ExportScanner) -> (any MergeableValue)?
  let take:
    @Sendable (_ value: any MergeableValue, _ document: inout Document, _ view: ImportView) throws
      -> MergeCount?

  /// The part at `keyPath`; `scan` reads the value faster than `JSONDecoder` (the marks).
  init<Value: MergeableValue>(
    _ exportKey: String, _ keyPath: WritableKeyPath<Document, Value> & Sendable,
    scan fastScan: (@Sendable (inout ExportScanner) -> Value?)? = nil
  ) {
    self.exportKey = exportKey
    rule = Value.Member.rule
    recordsChanges = Value.Member.recordsChanges
    merge = { base, ours, theirs in
      let (value, count) = Value.merged(
        base: base?[keyPath: keyPath], ours: ours[keyPath: keyPath],
        theirs: theirs[keyPath: keyPath])
      if count != MergeCount() || value != ours[keyPath: keyPath] { ours[keyPath: keyPath] = value }
      return count
    }
    stamp = { before, after, now, keeping in
      guard Value.Member.recordsChanges else { return }
      let stamped = after[keyPath: keyPath].stamped(
        since: before[keyPath: keyPath], at: now, keepingGivenTimes: keeping)
      if stamped != after[keyPath: keyPath] { after[keyPath: keyPath] = stamped }
    }
    release = { document, isPerson in
      let value = document[keyPath: keyPath]
      var released = 0
      let kept = value.compactMapMembers { member -> Value.Member? in
        var named = false
        let mapped = member.mappingPeople { person in
          if isPerson(person) {
            named = true
            return nil
          }
          return person
        }
        if named { released += 1 }
        return mapped
      }
      if released > 0 { document[keyPath: keyPath] = kept }
      return released
    }
    export = { document, view in
      let value = document[keyPath: keyPath].compactMapMembers { member in
        member.isHidden(from: view.viewer, owner: view.owner)
          ? nil : member.exported().mappingPeople(view.name)
      }
      return value.isEmpty ? nil : value
    }
    decode = { container, key in try container.decodeIfPresent(Value.self, forKey: key) }
    scan = { scanner in
      let value: Value? = fastScan.map { $0(&scanner) } ?? scanner.decoded(Value.self)
      return value
    }
    take = { value, document, view in
      guard let value = value as? Value else { return nil }
      let taken = try value.compactMapMembers { member -> Value.Member? in
        guard var member = member.mappingPeople(view.person) else { return nil }
        if let item = member.catalogItem {
          guard let name = try view.known(item) else { return nil }
          member = member.named(name)
        }
        return member
      }
      let (merged, count) = Value.merged(
        base: nil, ours: document[keyPath: keyPath], theirs: taken)
      document[keyPath: keyPath] = merged
      return count
    }
  }
}

/// A key of an export's JSON object, by its text.
struct ExportKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }

  init(_ text: String) {
    stringValue = text
  }

  init?(stringValue: String) {
    self.stringValue = stringValue
  }

  init?(intValue: Int) {
    nil
  }
}
