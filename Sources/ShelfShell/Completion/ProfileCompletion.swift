import ShelfDomain
import ShelfSearch
import ShelfStore
import ShelfTerminal

/// Candidates for a person's name: the household's names starting with the prefix, in any
/// case.
struct ProfileCompletion {
  let context: CommandContext

  func candidates(for prefix: String, excludingActive: Bool = false) -> [Candidate] {
    let key = ProfileName.key(prefix)
    let active = context.library.userData.active.id
    let people = (try? context.library.household().profiles) ?? []
    return people.filter { $0.key.hasPrefix(key) && !(excludingActive && $0.id == active) }.map {
      Candidate($0.name, description: $0.born.map { "born \($0)" } ?? "adult")
    }
  }
}
