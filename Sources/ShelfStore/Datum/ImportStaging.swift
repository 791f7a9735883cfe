import Foundation

/// What an import stages before it writes anything: each file's new bytes, and what to do
/// once they are all in place (`DurableFileGroup` writes them all or none).
struct ImportStaging {
  var files: [(url: URL, contents: ((any ContiguousBytes) throws -> Void) throws -> Void)] = []
  var adopt: [() -> Void] = []

  /// Adds `document`'s bytes when it differs from what the file holds (or the file needed
  /// repairs: the original is then kept beside it first).
  mutating func stage<Document: StoredDocument>(
    _ file: PropertyListFile<Document>,
    _ before: (document: Document, unrepaired: Data?), _ document: Document
  ) throws {
    guard document != before.document || before.unrepaired != nil else { return }
    if before.unrepaired != nil { try file.keepUnrepairedOriginal() }
    files.append((file.url, { write in try file.stream(document) { try write($0) } }))
    adopt.append { file.adopt(document) }
  }
}
