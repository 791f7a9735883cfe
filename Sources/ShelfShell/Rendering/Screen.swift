/// The data behind one screen or answer. `--json` encodes the value as it is; the text
/// renderer lays out the blocks the value describes. One value, two encoders (as SwiftPM's
/// `describe` does), so the two outputs cannot disagree. Keys are the model's field names in
/// camelCase; amounts are exact decimal strings.
public protocol Screen: Encodable, Sendable {
  /// The screen for people, made from this value alone.
  var blocks: [Block] { get }
  /// Whether printing may cut a field at `FieldLimit.characters` (listings: yes; data meant
  /// to be read back, such as an export: no).
  var cutsLongFields: Bool { get }
  /// Whether its blocks hold a stream (a listing printed while it is made). A screen that
  /// knows without making its blocks says so, so that they are made once.
  var isStreamed: Bool { get }
}

extension Screen {
  public var cutsLongFields: Bool { true }

  public var isStreamed: Bool {
    blocks.contains {
      if case .stream = $0 { return true }
      return false
    }
  }
}

/// A one-line message: `{"message": …}` in JSON.
public struct MessageScreen: Screen {
  public let message: String

  public init(message: String) {
    self.message = message
  }

  /// A line each (a message about several people has one line for each).
  public var blocks: [Block] {
    message.split(separator: "\n").map { .text(StyledText(String($0))) }
  }
}
