/// Why a file was refused by `import`; nothing was changed.
public struct ImportError: Error, Equatable, Sendable, CustomStringConvertible {
  public let reason: String

  public init(_ reason: String) {
    self.reason = reason
  }

  public var description: String { reason }
}
