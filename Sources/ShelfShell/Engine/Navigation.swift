import ShelfDomain
import ShelfTerminal

/// The navigation stack: where the user is, the screens `back` returns to, and the previous
/// screen for `cd -`. Pure value; the session applies the changes commands ask for.
public struct Navigation: Sendable {
  public private(set) var current: Location
  public private(set) var backStack: [Location] = []
  public private(set) var previous: Location?
  public static let depthLimit = 200

  public init(at location: Location = .home) {
    current = location
  }

  /// Goes to `location`, remembering where we were.
  public mutating func go(to location: Location) {
    guard location != current else { return }
    backStack.append(current)
    if backStack.count > Navigation.depthLimit { backStack.removeFirst() }
    previous = current
    current = location
  }

  /// Returns to the previous screen of the stack; false when there is none.
  public mutating func back() -> Bool {
    guard let last = backStack.popLast() else { return false }
    previous = current
    current = last
    return true
  }

  /// Every screen of the stack after the person `old` was renamed `new`.
  public mutating func renameProfile(_ old: String, to new: String) {
    current = current.renamingProfile(old, to: new)
    backStack = backStack.map { $0.renamingProfile(old, to: new) }
    previous = previous?.renamingProfile(old, to: new)
  }

  /// Replaces the current screen without a stack entry (a screen that no longer exists).
  public mutating func replace(with location: Location) {
    current = location
  }
}
