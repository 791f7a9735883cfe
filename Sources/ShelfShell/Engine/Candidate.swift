/// A completion candidate: the text to insert (unquoted), a description shown beside it in a
/// list, and whether a space follows (not after a directory-like path).
public struct Candidate: Hashable, Sendable {
  public var text: String
  public var description: String?
  public var appendsSpace: Bool

  public init(_ text: String, description: String? = nil, appendsSpace: Bool = true) {
    self.text = text
    self.description = description
    self.appendsSpace = appendsSpace
  }
}
