import Foundation
import ShelfDomain
import ShelfStorage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a catalog directory: `toys.tsv` (required), `stories.tsv` and `products.tsv`
/// (optional, so a catalog may hold toys only). Every entry is validated; the first problem
/// in file order is thrown as a `CatalogError` naming the file and line.
///
/// With an index store, the toys come from their index file when it matches `toys.tsv`;
/// otherwise `toys.tsv` is read, every toy index is built and the file is written for the next
/// process. Without one (or when the cache cannot be written), the toys are read and each
/// index is built in memory when first needed.
public struct CatalogLoader: Sendable {
  public let directory: URL
  public let indexStore: CatalogIndexStore?

  public init(directory: URL, indexStore: CatalogIndexStore? = nil) {
    self.directory = directory
    self.indexStore = indexStore
  }

  public func load() throws -> Catalog {
    let toys = try loadToyParts()
    let (stories, storyIDs) = try loadStories()
    let (products, productIDs) = try loadProducts()
    return Catalog(
      directory: directory, toys: toys, stories: stories,
      storyIDs: storyIDs, products: products, productIDs: productIDs)
  }

  /// The paths of the files a catalog is read from, whose changes `LazyCatalog` looks for.
  public var sourcePaths: [String] {
    ["toys.tsv", "stories.tsv", "products.tsv"].map { directory.appendingPathComponent($0).path }
  }

  private func loadToyParts() throws -> ToyParts {
    guard let store = indexStore else { return try loadToys().parts }
    let url = store.fileURL(forCatalog: directory)
    let reload: @Sendable () -> ToyParts? = { [self] in try? loadToys().parts }
    if let source = SourceIdentity(path: directory.appendingPathComponent("toys.tsv").path),
      let parts = store.open(url, source: source, reload: reload)
    {
      return parts
    }
    let (parts, source) = try loadToys()
    // Written index by index, then read back as a new process reads it: the in-memory
    // indexes are never all made at once.
    guard store.isWritable() else { return parts }
    if store.save(parts, source: source, to: url),
      let written = store.open(url, source: source, reload: reload)
    {
      return written
    }
    // Changed too recently to be kept: still written and read back, for this process alone.
    return store.openPrivately(parts, source: source, beside: url, reload: reload) ?? parts
  }

  private func read(_ name: String, required: Bool) throws -> TabularFile? {
    let url = directory.appendingPathComponent(name)
    if !required && !FileManager.default.fileExists(atPath: url.path) { return nil }
    return try TabularFile(name: name, path: url.path)
  }

  /// The toys as columns over the file's text: no string is made for a name, brand or
  /// description, and a category's name once.
  private func loadToys() throws -> (parts: ToyParts, source: SourceIdentity) {
    guard let file = try read("toys.tsv", required: true) else {
      throw CatalogError(file: "toys.tsv", line: nil, reason: "missing")
    }
    let columns = try file.columnIndexes([
      "id", "name", "category", "minAge", "maxAge", "price", "brand", "description",
    ])
    var table = ToyTable.Columns()
    table.reserveCapacity(file.lineCountBound)
    var categoryNames: [String] = []
    var categoryNumbers: [String: UInt32] = [:]
    var lastCategory: (span: TextSpan, number: UInt32)?
    let ids = try forEachRecord(of: file, idColumn: columns[0], kind: "toy") {
      record, id, problem in
      let name = record.span(columns[1])
      let categoryBytes = record.bytes(columns[2])
      guard name.count > 0 else { throw problem("empty name") }
      guard !categoryBytes.isEmpty, !categoryBytes.contains(UInt8(ascii: "/")) else {
        throw problem("bad category \"\(record.field(columns[2]))\"")
      }
      guard let low = DecimalInteger.parse(record.bytes(columns[3])),
        let high = DecimalInteger.parse(record.bytes(columns[4])),
        let ages = AgeRange(minimum: low, maximum: high)
      else {
        throw problem("bad ages \(record.field(columns[3]))-\(record.field(columns[4]))")
      }
      guard let price = Money(utf8: record.bytes(columns[5])) else {
        throw problem("bad price \"\(record.field(columns[5]))\"")
      }
      // Most files list a category's toys together: compare with the last one first.
      let category: UInt32
      if let last = lastCategory, last.span.bytes(in: record.text).elementsEqual(categoryBytes) {
        category = last.number
      } else {
        let text = record.field(columns[2])
        if let known = categoryNumbers[text] {
          category = known
        } else {
          category = UInt32(categoryNames.count)
          categoryNames.append(text)
          categoryNumbers[text] = category
        }
        lastCategory = (record.span(columns[2]), category)
      }
      table.append(
        name: name, category: category, ages: ages, price: price,
        brand: record.span(columns[6]), description: record.span(columns[7]))
    } onID: {
      table.ids.append($0)
    }
    let toyTable = ToyTable(text: file.text, columns: table, categoryNames: categoryNames)
    return (ToyParts(table: toyTable, ids: ids), file.identity)
  }

  private func loadStories() throws -> ([Story], IDIndex) {
    guard let file = try read("stories.tsv", required: false) else { return ([], IDIndex(ids: [])) }
    let columns = try file.columnIndexes(["id", "title", "ages", "author", "words", "file"])
    var stories: [Story] = []
    let ids = try forEachRecord(of: file, idColumn: columns[0], kind: "story") {
      record, id, problem in
      let title = record.field(columns[1])
      guard !title.isEmpty else { throw problem("empty title") }
      guard let ages = AgeRange(parsing: record.field(columns[2])) else {
        throw problem("bad ages \"\(record.field(columns[2]))\"")
      }
      guard let words = DecimalInteger.parse(record.bytes(columns[4])), words > 0 else {
        throw problem("bad word count \"\(record.field(columns[4]))\"")
      }
      let page = record.field(columns[5])
      try requireFile(page, problem: problem)
      stories.append(
        Story(
          id: id, title: title, ages: ages, author: record.field(columns[3]), words: words,
          page: page))
    }
    return (stories, ids)
  }

  private func loadProducts() throws -> ([Product], IDIndex) {
    guard let file = try read("products.tsv", required: false) else {
      return ([], IDIndex(ids: []))
    }
    let columns = try file.columnIndexes([
      "id", "name", "category", "price", "description", "image",
    ])
    var products: [Product] = []
    let ids = try forEachRecord(of: file, idColumn: columns[0], kind: "product") {
      record, id, problem in
      let name = record.field(columns[1])
      let category = record.field(columns[2])
      guard !name.isEmpty else { throw problem("empty name") }
      guard !category.isEmpty, !category.utf8.contains(UInt8(ascii: "/")) else {
        throw problem("bad category \"\(category)\"")
      }
      guard let price = Money(utf8: record.bytes(columns[3])) else {
        throw problem("bad price \"\(record.field(columns[3]))\"")
      }
      let image = record.field(columns[5])
      try requireFile(image, problem: problem)
      products.append(
        Product(
          id: id, name: name, category: category, price: price,
          description: record.field(columns[4]), image: image))
    }
    return (products, ids)
  }

  /// Calls `body` with each record, its id (checked to be a positive number) and a way to
  /// describe a problem with it; `onID` is told each id first. Ids are checked for repeats once
  /// every record is read, and the first problem in file order is thrown: a repeated id before
  /// any problem on its own line or after it. Returns the ids' index.
  private func forEachRecord(
    of file: TabularFile, idColumn: Int, kind: String,
    _ body: (TabularFile.Record, Int, (String) -> CatalogError) throws -> Void,
    onID: (Int) -> Void = { _ in }
  ) throws -> IDIndex {
    var ids: [Int] = []
    var lines: [Int32] = []
    var failure: CatalogError?
    do {
      try file.forEachRecord { record in
        guard let id = DecimalInteger.parse(record.bytes(idColumn)), id > 0 else {
          throw CatalogError(
            file: file.name, line: record.line, reason: "bad id \"\(record.field(idColumn))\"")
        }
        ids.append(id)
        lines.append(Int32(clamping: record.line))
        onID(id)
        try body(record, id) { reason in
          CatalogError(file: file.name, line: record.line, reason: "\(kind) \(id): \(reason)")
        }
      }
    } catch let error as CatalogError {
      failure = error
    }
    let index = IDIndex(ids: ids)
    if let repeated = index.firstRepeat {
      throw CatalogError(
        file: file.name, line: Int(lines[repeated.position]),
        reason: "duplicate id \(ids[repeated.position]) (first on line \(lines[repeated.first]))")
    }
    if let failure { throw failure }
    return index
  }

  private func requireFile(_ relativePath: String, problem: (String) -> CatalogError) throws {
    guard !relativePath.isEmpty, !relativePath.hasPrefix("/"),
      !relativePath.split(separator: "/").contains("..")
    else { throw problem("bad file path \"\(relativePath)\"") }
    let path = directory.path + "/" + relativePath
    guard access(path, R_OK) == 0 else {
      throw problem("missing file \(relativePath)")
    }
  }
}

/// Whole numbers read from a catalog's UTF-8 bytes as `Int(String)` reads them: an optional
/// sign, then decimal digits, nothing else; nil when empty or out of range.
enum DecimalInteger {
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    var negative = false
    if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
      negative = first == UInt8(ascii: "-")
      index = 1
    }
    guard index < bytes.count else { return nil }
    var value = 0
    while index < bytes.count {
      let byte = bytes[index]
      guard byte >= 0x30 && byte <= 0x39 else { return nil }
      let digit = Int(byte - 0x30)
      let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflowSum) =
        negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
      guard !overflowTimes && !overflowSum else { return nil }
      value = sum
      index += 1
    }
    return value
  }
}
