import ShelfDomain
import ShelfSearch
import ShelfStore

/// `/profiles/NAME`: one person's age and counts; their row in JSON.
struct ProfileScreen: Screen {
  let profile: ProfileRow

  func encode(to encoder: Encoder) throws { try profile.encode(to: encoder) }

  var blocks: [Block] {
    [
      .text(
        StyledText(profile.name, .heading)
          + (profile.active ? StyledText("  (active)", .accent) : "")),
      DetailsLayout.fact("Age", profile.ageText),
      DetailsLayout.fact("Favorites", Thousands.grouped(profile.favorites)),
      DetailsLayout.fact("Wish list", "\(Thousands.grouped(profile.wishlist)) — cd wishlist"),
      DetailsLayout.fact("Watched", Thousands.counted(profile.watched, "episodes")),
      DetailsLayout.fact("Read", Thousands.counted(profile.storiesRead, "stories")),
    ]
  }
}
