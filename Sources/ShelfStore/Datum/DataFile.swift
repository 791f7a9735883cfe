import Foundation

/// A file of the user's data: its name, whose it is, and the datums it holds, with the one
/// codec that reads, merges and writes them.
public struct DataFile: Sendable {
  public let name: String
  /// What the file is, in words (`wish list`, `cart`).
  public let title: String
  public let owner: Datum.Owner
  public let datums: [Datum]
  let codec: any DataFileCodec

  /// Whether its document type says it records change times exactly when one of its datums'
  /// members does (for a meta-test).
  public var recordsChangesAsDeclared: Bool { codec.recordsChangesAsDeclared }

  /// A file in each person's directory, at `location` of their `PersonData`.
  init<Document: StoredDocument>(
    person name: String, _ title: String,
    _ location: KeyPath<PersonData, PropertyListFile<Document>> & Sendable,
    _ parts: [(Datum.Shape, DatumPart<Document>)]
  ) {
    self.init(
      name: name, title: title, owner: .person,
      codec: DocumentCodec(parts: [], person: location), parts)
  }

  /// A file of the household, at `location` of `UserData`.
  init<Document: StoredDocument>(
    household name: String, _ title: String,
    _ location: KeyPath<UserData, PropertyListFile<Document>> & Sendable,
    _ parts: [(Datum.Shape, DatumPart<Document>)]
  ) {
    self.init(
      name: name, title: title, owner: .household,
      codec: DocumentCodec(parts: [], household: location), parts)
  }

  private init<Document: StoredDocument>(
    name: String, title: String, owner: Datum.Owner, codec: DocumentCodec<Document>,
    _ parts: [(Datum.Shape, DatumPart<Document>)]
  ) {
    self.name = name
    self.title = title
    self.owner = owner
    let datums = parts.map { shape, part in
      Datum(
        shape.name, plural: shape.plural, owner: owner, file: name, place: title,
        exportKey: part.exportKey, rule: part.rule, onRename: shape.onRename,
        onRemoval: shape.onRemoval)
    }
    self.datums = datums
    var codec = codec
    codec.parts = zip(datums, parts.map(\.1)).map { ($0, $1) }
    self.codec = codec
  }
}

extension Datum {
  /// What a declaration states besides the part: the words and the fates.
  struct Shape {
    let name: String
    let plural: String
    let onRename: OnRename
    let onRemoval: OnRemoval

    init(_ name: String, _ plural: String, rename: OnRename, removal: OnRemoval) {
      self.name = name
      self.plural = plural
      onRename = rename
      onRemoval = removal
    }
  }
}

/// What `DataFile` does with its document, whatever its type.
protocol DataFileCodec: Sendable {
  /// The values of the file's datums of `person` (nil: the household's), as an export shows
  /// them, by export key; empty ones left out.
  func exportValues(_ data: UserData, person: ProfileRecord?, view: ExportView) throws
    -> [String: any MergeableValue]
  /// Merges `values` (by export key) into the file of `person` (nil: the household's), staged
  /// in `staging`; returns what each datum changed, by datum name. Call holding `lockedFile`.
  func importValues(
    _ values: [String: any MergeableValue], into data: UserData, person: ProfileRecord?,
    view: ImportView, staging: inout FileGroupStaging
  ) throws -> [String: Int]
  /// Gives back what the datums whose fate on removal is `.released` gave the person
  /// `isPerson` matches, in the file of `person` (nil: the household's); with `dryRun` only
  /// counts. Returns how many, by datum name.
  func release(
    _ isPerson: @escaping (String) -> Bool, in data: UserData, person: ProfileRecord?,
    dryRun: Bool
  ) throws -> [String: Int]
  /// The file of `person` (nil: the household's), for its lock.
  func lockedFile(_ data: UserData, person: ProfileRecord?) -> any LockedFile
  /// Merges three versions of the file's bytes (`base` nil: none; `ours` or `theirs` nil: no
  /// file on that side, an empty document) into the merged file's bytes.
  func merge(base: Data?, ours: Data?, theirs: Data?, path: String) throws -> (
    bytes: [UInt8], counts: [String: MergeCount]
  )
  /// What `merge(base: base, ours: ours, theirs: base, path:)` counts (the changes `ours`
  /// made to `base`), without writing the merged file's bytes.
  func changes(from base: Data?, to ours: Data?, path: String) throws -> [String: MergeCount]
  /// Merges another version of the file (`theirs`, nil: none, an empty document; read from
  /// `path`) with the version both started from (`base`, nil: none) into the file of `person`
  /// (nil: the household's), under its lock; returns what each datum brought, by datum name.
  func mergeIntoFile(
    base: Data?, theirs: Data?, path: String, into data: UserData, person: ProfileRecord?
  ) throws -> [String: MergeCount]
  /// Whether the document type says it records change times exactly when one of its
  /// datums' members does (so that `PropertyListFile.update` can skip the others).
  var recordsChangesAsDeclared: Bool { get }
  /// Reads the value of the datum whose export key is `key` from an export's object.
  func decodeValue(_ key: String, from container: KeyedDecodingContainer<ExportKey>) throws
    -> (any MergeableValue)?
  /// The same through the export scanner; nil when the value is not what it expects.
  func scanValue(_ key: String, _ scanner: inout ExportScanner) -> (any MergeableValue)?
}

/// `DataFileCodec` for one document type.
struct DocumentCodec<Document: StoredDocument>: DataFileCodec {
  var parts: [(datum: Datum, part: DatumPart<Document>)]
  var person: (KeyPath<PersonData, PropertyListFile<Document>> & Sendable)?
  var household: (KeyPath<UserData, PropertyListFile<Document>> & Sendable)?

  init(
    parts: [(datum: Datum, part: DatumPart<Document>)],
    person: (KeyPath<PersonData, PropertyListFile<Document>> & Sendable)? = nil,
    household: (KeyPath<UserData, PropertyListFile<Document>> & Sendable)? = nil
  ) {
    self.parts = parts
    self.person = person
    self.household = household
  }

  func file(_ data: UserData, person record: ProfileRecord?) -> PropertyListFile<Document> {
    if let record, let person { return data.person(for: record)[keyPath: person] }
    guard let household else {
      preconditionFailure("a person's file (\(parts.first?.datum.file ?? "")) needs its person")
    }
    return data[keyPath: household]
  }

  func lockedFile(_ data: UserData, person: ProfileRecord?) -> any LockedFile {
    file(data, person: person)
  }

  func exportValues(_ data: UserData, person: ProfileRecord?, view: ExportView) throws
    -> [String: any MergeableValue]
  {
    let document = try file(data, person: person).read()
    var values: [String: any MergeableValue] = [:]
    for (datum, part) in parts {
      if let value = part.export(document, view) { values[datum.exportKey] = value }
    }
    return values
  }

  func importValues(
    _ values: [String: any MergeableValue], into data: UserData, person: ProfileRecord?,
    view: ImportView, staging: inout FileGroupStaging
  ) throws -> [String: Int] {
    let wanted = parts.filter { values[$0.datum.exportKey] != nil }
    guard !wanted.isEmpty else { return [:] }
    let file = file(data, person: person)
    let before = try file.loadLocked()
    var document = before.document
    var counts: [String: Int] = [:]
    for (datum, part) in wanted {
      guard let value = values[datum.exportKey],
        let count = try part.take(value, &document, view)
      else { continue }
      counts[datum.name, default: 0] += count.theirs
    }
    try staging.stage(file, before, document)
    return counts
  }

  func release(
    _ isPerson: @escaping (String) -> Bool, in data: UserData, person: ProfileRecord?,
    dryRun: Bool
  ) throws -> [String: Int] {
    let releasing = parts.filter { $0.datum.onRemoval == .released }
    guard !releasing.isEmpty else { return [:] }
    let file = file(data, person: person)
    func apply(_ document: inout Document) -> [String: Int] {
      var counts: [String: Int] = [:]
      for (datum, part) in releasing {
        let count = part.release(&document, isPerson)
        if count > 0 { counts[datum.name] = count }
      }
      return counts
    }
    if dryRun {
      var document = try file.read()
      return apply(&document)
    }
    return try file.update { apply(&$0) }
  }

  func merge(base: Data?, ours: Data?, theirs: Data?, path: String) throws -> (
    bytes: [UInt8], counts: [String: MergeCount]
  ) {
    let (document, counts) = try merged(base: base, ours: ours, theirs: theirs, path: path)
    return (try PropertyListFile<Document>.bytes(of: document), counts)
  }

  func changes(from base: Data?, to ours: Data?, path: String) throws -> [String: MergeCount] {
    try merged(base: base, ours: ours, theirs: base, path: path).counts
  }

  /// The merged document and its counts. Each version is decoded once: a side whose bytes are
  /// the base's is the base's document (a side that did not change, as sync often has).
  private func merged(base: Data?, ours: Data?, theirs: Data?, path: String) throws -> (
    document: Document, counts: [String: MergeCount]
  ) {
    func read(_ data: Data?) throws -> Document? {
      try data.map { try PropertyListFile<Document>.document(of: $0, path: path) }
    }
    let baseDocument = try read(base)
    func side(_ data: Data?) throws -> Document {
      data == base ? baseDocument ?? Document() : try read(data) ?? Document()
    }
    var document = try side(ours)
    let theirDocument = try side(theirs)
    var counts: [String: MergeCount] = [:]
    for (datum, part) in parts {
      counts[datum.name] = part.merge(baseDocument, &document, theirDocument)
    }
    return (document, counts)
  }

  func mergeIntoFile(
    base: Data?, theirs: Data?, path: String, into data: UserData, person: ProfileRecord?
  ) throws -> [String: MergeCount] {
    let baseDocument = try base.map { try PropertyListFile<Document>.document(of: $0, path: path) }
    let theirDocument =
      try theirs.map { try PropertyListFile<Document>.document(of: $0, path: path) } ?? Document()
    return try file(data, person: person).update(recordingChanges: false) { document in
      var counts: [String: MergeCount] = [:]
      for (datum, part) in parts {
        counts[datum.name] = part.merge(baseDocument, &document, theirDocument)
      }
      return counts
    }
  }

  var recordsChangesAsDeclared: Bool {
    Document.recordsChanges == parts.contains { $0.part.recordsChanges }
  }

  func decodeValue(_ key: String, from container: KeyedDecodingContainer<ExportKey>) throws
    -> (any MergeableValue)?
  {
    guard let part = parts.first(where: { $0.datum.exportKey == key })?.part else { return nil }
    return try part.decode(container, ExportKey(key))
  }

  func scanValue(_ key: String, _ scanner: inout ExportScanner) -> (any MergeableValue)? {
    parts.first { $0.datum.exportKey == key }?.part.scan(&scanner)
  }

  /// Records when each value of `after` changed since `before` (see
  /// `MergeableValue.stamped`).
  func stamp(_ before: Document, _ after: inout Document, at now: Date, keepingGivenTimes: Bool) {
    for (_, part) in parts { part.stamp(before, &after, now, keepingGivenTimes) }
  }

  /// Merges `theirs` into `ours` with no common version, each datum by its rule; what each
  /// changed in `ours`, by datum name.
  func mergeWithoutBase(_ theirs: Document, into ours: inout Document) -> [String: Int] {
    var counts: [String: Int] = [:]
    for (datum, part) in parts {
      let count = part.merge(nil, &ours, theirs).theirs
      if count > 0 { counts[datum.name] = count }
    }
    return counts
  }
}
