import Foundation
import ShelfCatalog
import ShelfDomain
import ShelfStore

/// A `ValueType` without its Swift type: what the parser and the completer hold.
public struct ValueSpec: Sendable {
  public let placeholder: String
  public let accepts: String
  public let completion: ValueCompletion
  public let joinsWords: Bool
  let read: @Sendable (String) -> (any Sendable)?

  /// `help` followed by what the value may be, when that says more than any text would.
  func describing(_ help: String) -> String {
    accepts.isEmpty ? help : "\(help) (\(accepts))"
  }
}
