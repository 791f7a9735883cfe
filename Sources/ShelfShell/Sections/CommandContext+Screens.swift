import ShelfStore

/// The screens of the sections, built for a command: what `ls`, `open`, `cd` and the lists
/// show.
extension CommandContext {
  func screens() -> Screens {
    Screens(
      library: library, drawsImages: options.drawsImages, sections: .standard, progress: progress,
      fetchEpisodes: { show in try self.episodes(of: show) })
  }

  /// Fetches what a place needs before going there, so that every command works there at once:
  /// a season or an episode is built as `ls` would build it, fetching the show's episodes when
  /// they are not known. One that cannot be confirmed (the episodes never fetched and TVmaze
  /// out of reach) is an error saying so, as is one the show does not have or a failed fetch.
  func fetchWhatIsNeeded(at location: Location) throws {
    switch location {
    case .season(let id, _), .episode(let id, _, _):
      do {
        _ = try screens().report(for: location)
      } catch ShellError.network(let error, _)
        where error.kind == .noConnection || error.kind == .timedOut
      {
        let name = try library.show(id: id).map { "\"\($0.name)\"" } ?? "show \(id)"
        throw ShellError.network(
          error,
          action: "cannot confirm \(location.path) offline (the episodes of \(name) were never"
            + " fetched)")
      }
    default:
      return
    }
  }
}
