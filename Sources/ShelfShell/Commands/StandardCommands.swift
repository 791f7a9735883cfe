extension CommandRegistry {
  /// Every command of the shell, in the order `help` lists them.
  public static var standard: CommandRegistry {
    CommandRegistry(commands: [
      ListCommand(), ChangeDirectoryCommand(), OpenCommand(), BackCommand(),
      PrintLocationCommand(), FindCommand(), InfoCommand(), FavoriteCommand(),
      UnfavoriteCommand(), BuyCommand(), CartCommand(), RemoveCommand(), QuantityCommand(),
      ReadCommand(), IMDbCommand(), PosterCommand(), RefreshCommand(), EpisodesCommand(),
      WatchedCommand(marks: true), WatchedCommand(marks: false), RewatchCommand(),
      NextCommand(),
      UpcomingCommand(), StatusCommand(), RateCommand(), StatsCommand(), NewCommand(),
      SpoilersCommand(), HelpCommand(),
      HistoryCommand(), FormatCommand(), HeadersCommand(), ExitCommand(), CompleteCommand(),
      ExportCommand(), ImportCommand(), ProfileCommand(), WishCommand(adds: true),
      WishCommand(adds: false), ClaimCommand(claims: true), ClaimCommand(claims: false),
      UnreadCommand(), SyncCommand(),
    ])
  }
}
