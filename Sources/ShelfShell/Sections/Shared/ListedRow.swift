import ShelfSearch

/// A row type with its list declared: every list screen of that row lays it out, sorts and
/// filters it by the declaration.
protocol ListedRow: Encodable, Sendable {
  static var list: ListDeclaration<Self> { get }
}
