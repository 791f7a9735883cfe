import Foundation
import ShelfCatalog
import ShelfDomain
import ShelfStore

/// Where Tab finds the candidates for a value.
public enum ValueCompletion: Sendable, Equatable {
  /// Nothing to offer (a number, free text).
  case none
  /// These words (usual values such as `--days 7`).
  case words([String])
  /// The value's own choices, each with what it means.
  case choices([Candidate])
  /// A path of the shell (`/toys/Dolls`).
  case paths
  /// An item of the current list, as REF.
  case references
  /// A file on disk (left to the terminal's own file completion: nothing offered here).
  case files
  /// The orders the list you are on can be sorted in (`--sort`).
  case listOrders
  /// The name of a person of the household.
  case profiles
  /// The keys of the rows of the list you are on (`--columns`).
  case columns
  /// The name of a person of the household other than the active one (`buy --for`).
  case otherProfiles
}
