/// Why a change to the household was refused; nothing was changed.
public enum ProfileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No profile has this name; `known` lists the names there are.
  case unknown(String, known: [String])
  case taken(String)
  case bornInTheFuture(String)
  case removingTheActiveOne(String)
  case removingTheLastOne(String)

  public var description: String {
    switch self {
    case .unknown(let name, let known):
      "no profile \"\(name)\" (profiles: \(known.joined(separator: ", ")))"
    case .taken(let name): "there is already a profile \"\(name)\""
    case .bornInTheFuture(let month): "--born \(month) is in the future"
    case .removingTheActiveOne(let name):
      "\"\(name)\" is the active profile; \"profile use\" another one first"
    case .removingTheLastOne(let name):
      "\"\(name)\" is the only profile; a household needs one"
    }
  }
}
