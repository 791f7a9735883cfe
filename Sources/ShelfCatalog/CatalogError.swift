/// Why the catalog could not be loaded: the file, the line or entry when known, and the reason.
public struct CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
  public let file: String
  public let line: Int?
  public let reason: String

  public init(file: String, line: Int?, reason: String) {
    self.file = file
    self.line = line
    self.reason = reason
  }

  public var description: String {
    if let line { return "catalog \(file), line \(line): \(reason)" }
    return "catalog \(file): \(reason)"
  }
}
