/// What a screen reads, declared by its section for each place (`Section.inputs(at:)`): the
/// engine reads these before the screen is built (`Screens`), and nothing else, so that
/// `ls /toys/Dolls` never opens the watched marks.
struct ScreenNeeds: OptionSet, Sendable {
  let rawValue: Int

  /// The catalog (toys, stories, products), loaded.
  static let catalog = ScreenNeeds(rawValue: 1 << 0)
  /// The active profile's favourites.
  static let favorites = ScreenNeeds(rawValue: 1 << 1)
  /// The household's cart.
  static let cart = ScreenNeeds(rawValue: 1 << 2)
  /// The active profile's watched marks.
  static let watched = ScreenNeeds(rawValue: 1 << 3)
  /// Statuses and ratings of shows and episodes (with the marks and favourites they follow).
  static let tracking = ScreenNeeds(rawValue: 1 << 4)
  /// Spoiler-safe mode.
  static let spoilers = ScreenNeeds(rawValue: 1 << 5)
  /// The last categories visited.
  static let preferences = ScreenNeeds(rawValue: 1 << 6)
  /// The active profile's stories read.
  static let storiesRead = ScreenNeeds(rawValue: 1 << 7)
  /// The wish list of the place's owner, as the active profile sees it.
  static let wishList = ScreenNeeds(rawValue: 1 << 8)
  /// The people of the household.
  static let household = ScreenNeeds(rawValue: 1 << 9)
  /// What each person has made (favourites, wishes, marks, stories read), counted.
  static let people = ScreenNeeds(rawValue: 1 << 10)
  /// Whose age marks what fits.
  static let fitting = ScreenNeeds(rawValue: 1 << 11)
  /// The place's show (a show, its season or episode) and its episodes.
  static let show = ScreenNeeds(rawValue: 1 << 12)
  /// The episodes of every favourite show, as outlines.
  static let outlines = ScreenNeeds(rawValue: 1 << 13)
  /// The show list as `/shows` lists it (its count, widths, pages, the rows a request keeps).
  static let showList = ScreenNeeds(rawValue: 1 << 14)
  /// How many shows the show list has.
  static let showCount = ScreenNeeds(rawValue: 1 << 15)
  /// The shows met in the last online search.
  static let onlineResults = ScreenNeeds(rawValue: 1 << 16)
  /// The results of `find` at the place.
  static let found = ScreenNeeds(rawValue: 1 << 17)

  /// What a row of a toy, story or product reads (★, in the cart, read, fits).
  static let itemRows: ScreenNeeds = [.catalog, .favorites, .cart, .storiesRead, .fitting]
  /// What a row of a show reads (★, its status and the viewer's rating); with `.fitting` too,
  /// whether it fits the child in question.
  static let showRows: ScreenNeeds = [.favorites, .tracking]
}
