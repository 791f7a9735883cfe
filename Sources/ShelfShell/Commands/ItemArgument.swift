/// REF, the item a command acts on: declared once for every command that takes one.
enum ItemArgument {
  /// `[REF]`: on a details screen, the item shown when it is left out.
  static let optional = CommandArgument(
    .reference, optional: true, help: "an id, a name or a path (default: the item shown)")
  /// `REF`: an item of the current list.
  static let required = CommandArgument(.reference, help: "an id, a name or a path")
  /// `[REF...]`: one item or several (`fav 31 32`, `fav "Rosie Rag Doll" 32`); the item shown
  /// when none is given. A name needs no quotes when it is the only REF.
  static let several = CommandArgument(
    ValueType.reference.named("REF..."), optional: true,
    help: "ids, names or paths, one or more (default: the item shown)")
  /// `REF...`: one item of the current list or several.
  static let severalRequired = CommandArgument(
    ValueType.reference.named("REF..."), help: "ids, names or paths, one or more")
}
