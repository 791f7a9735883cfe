/// REF, the item a command acts on: declared once for every command that takes one.
enum ItemArgument {
  /// `[REF]`: on a details screen, the item shown when it is left out.
  static let optional = CommandArgument(
    .reference, optional: true, help: "an id, a name or a path (default: the item shown)")
  /// `REF`: an item of the current list.
  static let required = CommandArgument(.reference, help: "an id, a name or a path")
}
