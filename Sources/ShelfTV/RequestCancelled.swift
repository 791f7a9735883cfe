/// A network request the user cancelled (Ctrl-C) while it was under way. The shell answers it
/// with `interrupted` and no retry dialog.
public struct RequestCancelled: Error, Equatable, Sendable, CustomStringConvertible {
  public init() {}

  public var description: String { "interrupted" }
}
