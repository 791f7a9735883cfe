import ShelfDomain
import ShelfStore

/// `claim REF...` and `unclaim REF...`: on someone else's wish list, mark items as being bought
/// by the active profile (or take the marks back), all checked and then saved in one write.
/// The list's owner never sees claims.
struct ClaimCommand: Command {
  let claims: Bool
  var name: String { claims ? "claim" : "unclaim" }
  var summary: String {
    claims
      ? "(in someone's wish list) mark an item as being bought by you"
      : "(in someone's wish list) take your claim back"
  }
  var signature: CommandSignature {
    CommandSignature(
      arguments: [ItemArgument.severalRequired.spec],
      options: claims ? [] : [YesFlag.flag.spec])
  }
  var discussion: String {
    """
    Works in another person's wish list (cd /profiles/NAME/wishlist). Several REFs are claimed
    together, or none when one cannot be. Everyone but the list's owner sees who claimed what;
    "buy REF --for NAME" buys and claims at once. Tab offers what you can claim (or unclaim).
    unclaim given only the start of a name asks first (-y skips the question).
    """
  }
  var examples: [String] {
    ["cd /profiles/Mia/wishlist; \(name) 42", "cd /profiles/Mia/wishlist; \(name) toy:42"]
  }
  var exampleSetup: [String] {
    ["profile add Mia --born 2019-05", "profile use Mia", "wish toy:42", "profile use me"]
      + (claims ? [] : ["cd /profiles/Mia/wishlist", "claim toy:42"])
  }

  /// Tab offers what you can act on in this wish list: its unclaimed wishes (and yours) for
  /// `claim`, your claims for `unclaim`.
  func complete(argumentIndex: Int, prefix: String, in context: CommandContext) -> [Candidate] {
    guard let owner = try? Self.owner(at: context.location, command: name, in: context),
      let wishes = try? context.library.userData.person(for: owner).wishList.read().wishes
    else { return [] }
    guard let household = try? context.library.household() else { return [] }
    let me = context.library.userData.active.id
    let open = wishes.filter { wish in
      let claimer = wish.claimer(in: household)
      return claims ? claimer == nil : claimer?.id == me
    }
    return ItemChoices(items: open.map { ($0.item, $0.name ?? $0.item.description) })
      .candidates(for: prefix)
  }

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let owner = try Self.owner(at: context.location, command: name, in: context)
    let words = arguments.positionalWords
    let entries = try context.resolveItems(words, command: name, allowingGone: !claims)
    let me = context.library.userData.active
    let items = entries.map { (item: $0.item, name: $0.name) }
    if claims {
      let changed = try Self.claim(items, on: owner, by: me, in: context)
      let new = zip(entries, changed).filter { $0.1 }.map(\.0.name)
      let old = zip(entries, changed).filter { !$0.1 }.map(\.0.name)
      var parts: [String] = []
      if !new.isEmpty {
        parts.append(
          "Claimed \(WordList.quoted(new)) on \(owner.name)'s wish list (\(owner.name) will not see it)"
        )
      }
      if !old.isEmpty { parts.append("You already claimed \(WordList.quoted(old))") }
      return CommandResult(report: .message(parts.joined(separator: "; ") + "."))
    }
    guard
      try context.confirmNamed(
        entries, by: words, { "take back your claim on \($0)?" }, skip: arguments[YesFlag.flag])
    else {
      return CommandResult(
        report: .message("Kept your claim on \(WordList.quoted(entries.map(\.name)))."))
    }
    let household = try context.library.household()
    try context.library.userData.person(for: owner).wishList.update { list in
      // Every claim is checked before any is taken back.
      let indexes = try items.map { item in
        guard let index = list.wishes.firstIndex(where: { $0.item == item.item }) else {
          throw Self.notOnList(item.name, owner: owner, command: name)
        }
        guard let claimer = list.wishes[index].claimer(in: household) else {
          throw ShellError.household(command: name, message: "\"\(item.name)\" is not claimed")
        }
        guard claimer.id == me.id else {
          throw ShellError.household(
            command: name, message: "\"\(item.name)\" was claimed by \(claimer.name), not you")
        }
        return index
      }
      for index in indexes {
        list.wishes[index].claimedBy = nil
        list.wishes[index].claimedByNumber = nil
      }
    }
    return CommandResult(
      report: .message("Took back your claim on \(WordList.quoted(entries.map(\.name)))."))
  }

  /// The owner of the wish list at `location`, someone other than the active profile.
  static func owner(at location: Location, command: String, in context: CommandContext) throws
    -> ProfileRecord
  {
    let place = location.isDetails ? location.parent : location
    let me = context.library.userData.active
    switch place {
    case .wishList:
      throw ownList(command: command)
    case .profileWishList(let name):
      let owner = try context.library.profile(named: name)
      if owner.id == me.id { throw ownList(command: command) }
      return owner
    default:
      throw ShellError.onlyIn(
        command: command, place: "someone's wish list", hint: "cd /profiles/NAME/wishlist")
    }
  }

  /// Claims the items on `owner`'s list for `claimer`, all or none; for each, false when they
  /// had claimed it already.
  static func claim(
    _ items: [(item: ItemID, name: String)], on owner: ProfileRecord, by claimer: ProfileRecord,
    in context: CommandContext, command: String = "claim"
  ) throws -> [Bool] {
    guard owner.id != claimer.id else { throw ownList(command: command) }
    let household = try context.library.household()
    return try context.library.userData.person(for: owner).wishList.update { list in
      let indexes = try items.map { item in
        guard let index = list.wishes.firstIndex(where: { $0.item == item.item }) else {
          throw notOnList(item.name, owner: owner, command: command)
        }
        if let other = list.wishes[index].claimer(in: household), other.id != claimer.id {
          throw ShellError.household(
            command: command, message: "\"\(item.name)\" is already claimed by \(other.name)")
        }
        return index
      }
      return indexes.map { index in
        guard list.wishes[index].claimer(in: household) == nil else { return false }
        // A claim by someone no longer in the household was released: this one replaces it.
        list.wishes[index].claimedBy = claimer.personID
        list.wishes[index].claimedByNumber = nil
        return true
      }
    }
  }

  static func ownList(command: String) -> ShellError {
    .household(
      command: command,
      message: "this is your own wish list; claims are made on someone else's")
  }

  static func notOnList(_ name: String, owner: ProfileRecord, command: String) -> ShellError {
    .household(command: command, message: "\"\(name)\" is not on \(owner.name)'s wish list")
  }
}
