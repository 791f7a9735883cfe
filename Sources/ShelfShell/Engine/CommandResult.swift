/// The result of running one command.
public struct CommandResult: Sendable {
  public var report: Report?
  public var navigation: NavigationChange?
  public var exit: Bool
  /// `exit N`: the status the program ends with.
  public var exitStatus: Int32?
  /// `format NAME`: how reports are written from now on.
  public var format: OutputFormat?
  /// `headers on|off`: whether lists are written with their titles and header rows.
  public var headers: Bool?
  /// How this report alone is written (`sync status --json`).
  public var reportFormat: OutputFormat?

  public init(
    report: Report? = nil, navigation: NavigationChange? = nil, exit: Bool = false,
    exitStatus: Int32? = nil, format: OutputFormat? = nil, headers: Bool? = nil,
    reportFormat: OutputFormat? = nil
  ) {
    self.headers = headers
    self.report = report
    self.navigation = navigation
    self.exit = exit
    self.exitStatus = exitStatus
    self.format = format
    self.reportFormat = reportFormat
  }
}
