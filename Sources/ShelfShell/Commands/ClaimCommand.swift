import ShelfDomain
import ShelfStore

/// `claim REF` and `unclaim REF`: on someone else's wish list, mark an item as being bought
/// by the active profile (or take the mark back). The list's owner never sees claims.
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
      arguments: [ItemArgument.required.spec], options: claims ? [] : [YesFlag.flag.spec])
  }
  var discussion: String {
    """
    Works in another person's wish list (cd /profiles/NAME/wishlist). Everyone but the
    list's owner sees who claimed what; "buy REF --for NAME" buys and claims at once.
    """
  }
  var examples: [String] { ["\(name) 42", "\(name) toy:42"] }
  var exampleSetup: [String] {
    ["profile add Mia --born 2019-05", "profile use Mia", "wish toy:42", "profile use me"]
      + ["cd /profiles/Mia/wishlist"] + (claims ? [] : ["claim toy:42"])
  }

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let owner = try Self.owner(at: context.location, command: name, in: context)
    let reference = try arguments.required(ItemArgument.required)
    let entry = try context.resolveItem(reference, command: name, allowingGone: !claims)
    let me = context.library.userData.active
    if claims {
      let changed = try Self.claim(entry.item, named: entry.name, on: owner, by: me, in: context)
      return CommandResult(
        report: .message(
          changed
            ? "Claimed \"\(entry.name)\" on \(owner.name)'s wish list (\(owner.name) will not see it)."
            : "You already claimed \"\(entry.name)\"."))
    }
    guard
      try context.confirmNamed(
        entry, by: reference, "take back your claim on it?", skip: arguments[YesFlag.flag])
    else {
      return CommandResult(report: .message("Kept your claim on \"\(entry.name)\"."))
    }
    let household = try context.library.household()
    try context.library.userData.person(for: owner).wishList.update { list in
      guard let index = list.wishes.firstIndex(where: { $0.item == entry.item }) else {
        throw Self.notOnList(entry.name, owner: owner, command: name)
      }
      guard let claimer = list.wishes[index].claimedBy else {
        throw ShellError.household(command: name, message: "\"\(entry.name)\" is not claimed")
      }
      guard claimer == me.id else {
        let who = household.profile(id: claimer)?.name ?? "a removed profile"
        throw ShellError.household(
          command: name, message: "\"\(entry.name)\" was claimed by \(who), not you")
      }
      list.wishes[index].claimedBy = nil
    }
    return CommandResult(report: .message("Took back your claim on \"\(entry.name)\"."))
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

  /// Claims `item` on `owner`'s list for `claimer`; false when they had claimed it already.
  static func claim(
    _ item: ItemID, named name: String, on owner: ProfileRecord, by claimer: ProfileRecord,
    in context: CommandContext, command: String = "claim"
  ) throws -> Bool {
    guard owner.id != claimer.id else { throw ownList(command: command) }
    let household = try context.library.household()
    return try context.library.userData.person(for: owner).wishList.update { list in
      guard let index = list.wishes.firstIndex(where: { $0.item == item }) else {
        throw notOnList(name, owner: owner, command: command)
      }
      if let other = list.wishes[index].claimedBy {
        guard other == claimer.id else {
          let who = household.profile(id: other)?.name ?? "a removed profile"
          throw ShellError.household(
            command: command, message: "\"\(name)\" is already claimed by \(who)")
        }
        return false
      }
      list.wishes[index].claimedBy = claimer.id
      return true
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
