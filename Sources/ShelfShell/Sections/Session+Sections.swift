/// The session with the standard sections: the shell the front end runs.
extension Session {
  public convenience init(
    library: Library, options: SessionOptions, asker: Asking, opener: URLOpening,
    progress: @escaping (String) -> Void = { _ in },
    diagnostics: @escaping (String) -> Void = { _ in },
    interrupted: @escaping () -> Bool = { false }, start: Location = .home,
    history: [String] = [], recall: (() -> [String])? = nil,
    registry: CommandRegistry = .standard
  ) {
    self.init(
      sections: SectionRegistry.standard, library: library, options: options, asker: asker,
      opener: opener, progress: progress, diagnostics: diagnostics, interrupted: interrupted,
      start: start,
      history: history, recall: recall, registry: registry)
  }

  /// Where an interactive session resumes: the saved path when it still exists.
  public static func resumeLocation(library: Library) -> (Location?, String?) {
    guard let preferences = try? library.userData.preferences.read(),
      let path = preferences.lastPath, path != "/"
    else { return (nil, nil) }
    let resolver = PathResolver(places: Places(library: library))
    guard let location = try? resolver.resolve(path, from: .home) else {
      return (nil, "the last position \(path) no longer exists; starting at /")
    }
    return (location, nil)
  }
}
