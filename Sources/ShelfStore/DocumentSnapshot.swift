import Foundation
import ShelfStorage

/// A compact copy of a property-list document in the cache directory (a `DerivedFile` made
/// from the property-list file), read instead of decoding the file while the file is the one
/// it was made from. The property list stays the file of record: the copy is made after the
/// file is decoded, and one that is missing, stale or damaged only costs the decoding. Each is
/// the document's values on a `CompactTape`, written and read in the same order. Two documents
/// keep one, as measured: the watched marks (20,000 marks cost a new process several times its
/// start to decode) and the favourites (the saved shows' data, a quarter of /upnext); the
/// others cost a fraction of a millisecond.
public struct DocumentSnapshot<Document: StoredDocument>: Sendable {
  public let file: DerivedFile
  private let encode: @Sendable (Document) -> [[UInt8]]?
  private let decode: @Sendable (DerivedSections) -> Document?

  /// `encode` gives the sections of a document (nil: it cannot be kept), `decode` the
  /// document of sections (nil: they are not one).
  public init(
    file: DerivedFile, encode: @escaping @Sendable (Document) -> [[UInt8]]?,
    decode: @escaping @Sendable (DerivedSections) -> Document?
  ) {
    self.file = file
    self.encode = encode
    self.decode = decode
  }

  /// The document of the source whose identity is `source`, when the copy was made from it.
  public func read(source: SourceIdentity) -> Document? {
    file.read(source: source).flatMap(decode)
  }

  /// Keeps a copy of `document`, decoded from the source whose identity is `source`, unless
  /// the source changed too recently at `now` (see `DerivedFile.settleTime`); false when none
  /// was written.
  @discardableResult
  public func write(_ document: Document, source: SourceIdentity, now: Date = Date()) -> Bool {
    guard let sections = encode(document) else { return false }
    return file.write(sections, source: source, now: now)
  }
}
