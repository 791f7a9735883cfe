/// Opens a URL in the user's browser, never through a shell.
public protocol URLOpening {
  func open(_ url: String) throws
}
