/// An environment variable with a value shelf cannot use.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
  public var variable: String
  public var value: String

  public init(variable: String, value: String) {
    self.variable = variable
    self.value = value
  }

  public var description: String {
    // The value is shown with control characters replaced, so it cannot drive the terminal.
    let shown = String(
      value.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : Character($0) })
    return "\(variable) is not an http(s) URL: \"\(shown)\""
  }
}
