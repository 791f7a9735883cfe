/// How details screens lay out their facts: a dim label padded to one column, then the value.
enum DetailsLayout {
  static func fact(_ name: String, _ value: String) -> Block {
    .text(label(name) + StyledText(value))
  }

  static func label(_ name: String) -> StyledText {
    StyledText(name.padding(toLength: 11, withPad: " ", startingAt: 0), .dim)
  }

  /// The title of a details screen, with a star when the item is a favourite.
  static func title(_ name: String, favorite: Bool) -> Block {
    .text(StyledText(name, .heading) + (favorite ? StyledText(" ★", .favorite) : ""))
  }

  /// The star in a list row of a favourite item.
  static func star(_ favorite: Bool) -> StyledText {
    favorite ? StyledText("★", .favorite) : StyledText("")
  }

  /// The marker in a list row of an item that fits the child in question.
  static func fitsMarker(_ fits: Bool?) -> StyledText {
    fits == true ? StyledText("fits", .accent) : StyledText("")
  }

  /// A show's action label: **Delete** on red when saved, **Favorite** on green when not.
  static func showAction(saved: Bool) -> StyledText {
    saved ? StyledText(" Delete ", .deleteAction) : StyledText(" Favorite ", .saveAction)
  }

  static let tvmazeCredit = Block.text(
    StyledText("Data provided by TVmaze.com (CC BY-SA 4.0)", .dim))
}
