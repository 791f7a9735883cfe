/// What a command shows: one screen value, which `--json` encodes and the text renderer lays
/// out, plus notes shown before it in text only ("Removed … from the cart.").
public struct Report: Sendable {
  public var screen: any Screen
  public var notes: [Block]

  public init(_ screen: any Screen, notes: [Block] = []) {
    self.screen = screen
    self.notes = notes
  }

  /// Whether the report is printed while it is made (a streamed listing).
  public var isStreamed: Bool {
    if screen is any StreamedJSONScreen { return true }
    return blocks.contains {
      if case .stream = $0 { return true }
      return false
    }
  }

  /// The blocks the text renderer lays out.
  public var blocks: [Block] { notes + screen.blocks }

  /// A one-line message, which `--json` prints as `{"message": …}`.
  public static func message(_ text: String) -> Report {
    Report(MessageScreen(message: text))
  }
}
