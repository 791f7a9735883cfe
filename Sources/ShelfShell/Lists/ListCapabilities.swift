import ShelfDomain
import ShelfSearch

/// What a list takes, without its rows' type: for checking a request, Tab and `help`.
public struct ListCapabilities: Sendable, Equatable {
  public let orders: [String]
  public let filters: [ListFilterKind]
  /// The JSON keys of its table's columns (what Tab offers for `--columns`).
  public let keys: [String]

  public init(orders: [String], filters: [ListFilterKind], keys: [String] = []) {
    self.orders = orders
    self.filters = filters
    self.keys = keys
  }

  /// Why `request` does not apply to the list at `path`, or nil.
  func problem(with request: ListRequest, command: String, path: String) -> ShellError? {
    if let sort = request.sort, !orders.contains(sort) {
      let valid = orders.isEmpty ? "nothing here" : WordList.or(orders) + " in \(path)"
      return .badValue(command: command, name: "--sort", accepts: valid, value: sort)
    }
    for filter in request.filters where !filters.contains(filter.kind) {
      return refusal(of: filter.kind.option, command: command, path: path)
    }
    return nil
  }

  /// The error for a filter option the list at `path` does not take, as typed (`--min-age`).
  func refusal(of option: String, command: String, path: String) -> ShellError {
    let valid =
      filters.isEmpty
      ? "\(path) takes no filter" : "\(path) takes " + WordList.or(filters.map(\.option))
    return .usage(command: command, message: "\(option) does not apply here: \(valid)")
  }
}
