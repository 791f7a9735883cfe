import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a catalog directory: `toys.tsv` (required), `stories.tsv` and `products.tsv`
/// (optional, so a catalog may hold toys only). Every entry is validated; the first problem
/// is thrown as a `CatalogError` naming the file and line.
public struct CatalogLoader {
  public let directory: URL

  public init(directory: URL) {
    self.directory = directory
  }

  public func load() throws -> Catalog {
    let toys = try loadToys()
    let stories = try loadStories()
    let products = try loadProducts()
    return Catalog(directory: directory, toys: toys, stories: stories, products: products)
  }

  private func read(_ name: String, required: Bool) throws -> TabularFile? {
    let url = directory.appendingPathComponent(name)
    if !required && !FileManager.default.fileExists(atPath: url.path) { return nil }
    return try TabularFile(name: name, path: url.path)
  }

  private func loadToys() throws -> [Toy] {
    guard let file = try read("toys.tsv", required: true) else { return [] }
    let columns = try file.columnIndexes([
      "id", "name", "category", "minAge", "maxAge", "price", "brand", "description",
    ])
    var ids = UniqueIDs(file: file.name)
    return try file.mapRecords { record in
      let id = try ids.claim(record.field(columns[0]), line: record.line)
      let problem = { (reason: String) in
        CatalogError(file: file.name, line: record.line, reason: "toy \(id): \(reason)")
      }
      let name = record.field(columns[1])
      let category = record.field(columns[2])
      guard !name.isEmpty else { throw problem("empty name") }
      guard !category.isEmpty, !category.utf8.contains(UInt8(ascii: "/")) else {
        throw problem("bad category \"\(category)\"")
      }
      guard let low = Int(record.field(columns[3])), let high = Int(record.field(columns[4])),
        let ages = AgeRange(minimum: low, maximum: high)
      else {
        throw problem("bad ages \(record.fields[columns[3]])-\(record.fields[columns[4]])")
      }
      guard let price = Money(parsing: record.field(columns[5])) else {
        throw problem("bad price \"\(record.fields[columns[5]])\"")
      }
      return Toy(
        id: id, name: name, category: category, ages: ages, price: price,
        brand: record.field(columns[6]), description: record.field(columns[7]))
    }
  }

  private func loadStories() throws -> [Story] {
    guard let file = try read("stories.tsv", required: false) else { return [] }
    let columns = try file.columnIndexes(["id", "title", "ages", "author", "words", "file"])
    var ids = UniqueIDs(file: file.name)
    return try file.mapRecords { record in
      let id = try ids.claim(record.field(columns[0]), line: record.line)
      let problem = { (reason: String) in
        CatalogError(file: file.name, line: record.line, reason: "story \(id): \(reason)")
      }
      let title = record.field(columns[1])
      guard !title.isEmpty else { throw problem("empty title") }
      guard let ages = AgeRange(parsing: record.field(columns[2])) else {
        throw problem("bad ages \"\(record.fields[columns[2]])\"")
      }
      guard let words = Int(record.field(columns[4])), words > 0 else {
        throw problem("bad word count \"\(record.fields[columns[4]])\"")
      }
      let page = record.field(columns[5])
      try requireFile(page, problem: problem)
      return Story(
        id: id, title: title, ages: ages, author: record.field(columns[3]), words: words,
        page: page)
    }
  }

  private func loadProducts() throws -> [Product] {
    guard let file = try read("products.tsv", required: false) else { return [] }
    let columns = try file.columnIndexes([
      "id", "name", "category", "price", "description", "image",
    ])
    var ids = UniqueIDs(file: file.name)
    return try file.mapRecords { record in
      let id = try ids.claim(record.field(columns[0]), line: record.line)
      let problem = { (reason: String) in
        CatalogError(file: file.name, line: record.line, reason: "product \(id): \(reason)")
      }
      let name = record.field(columns[1])
      let category = record.field(columns[2])
      guard !name.isEmpty else { throw problem("empty name") }
      guard !category.isEmpty, !category.utf8.contains(UInt8(ascii: "/")) else {
        throw problem("bad category \"\(category)\"")
      }
      guard let price = Money(parsing: record.field(columns[3])) else {
        throw problem("bad price \"\(record.fields[columns[3]])\"")
      }
      let image = record.field(columns[5])
      try requireFile(image, problem: problem)
      return Product(
        id: id, name: name, category: category, price: price,
        description: record.field(columns[4]), image: image)
    }
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

/// Checks that ids parse and are unique within one file.
private struct UniqueIDs {
  let file: String
  var lines: [Int: Int] = [:]

  init(file: String) {
    self.file = file
  }

  mutating func claim(_ text: String, line: Int) throws -> Int {
    guard let id = Int(text), id > 0 else {
      throw CatalogError(file: file, line: line, reason: "bad id \"\(text)\"")
    }
    if let first = lines[id] {
      throw CatalogError(
        file: file, line: line, reason: "duplicate id \(id) (first on line \(first))")
    }
    lines[id] = line
    return id
  }
}
