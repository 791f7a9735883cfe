/// A question the shell asks the user: lines to show first, then the prompt.
public struct Question: Sendable {
  public var lines: [StyledText]
  public var prompt: String

  public init(lines: [StyledText] = [], prompt: String) {
    self.lines = lines
    self.prompt = prompt
  }
}
