/// A screen that is a document in a format of its own (`upcoming --format ics`): every
/// renderer writes `document` exactly as it is, whatever the output format, with nothing
/// before or after it. The document is made safe where it is made (no control characters
/// but its own line ends).
public protocol DocumentScreen: Screen {
  var document: String { get }
}

extension Report {
  /// The document to write as it is, when the screen is one.
  public var document: String? { (screen as? any DocumentScreen)?.document }
}
