import ShelfDomain
import ShelfSearch
import ShelfStore
import ShelfTerminal

/// The result of Tab: where the word being completed starts and what it could become.
public struct Completion: Sendable {
  /// Character offset in the line where the word starts; the editor replaces from here to the
  /// cursor.
  public var wordStart: Int
  /// The quote the user opened for this word, if any.
  public var openQuote: Character?
  public var candidates: [Candidate]

  public init(wordStart: Int, openQuote: Character?, candidates: [Candidate]) {
    self.wordStart = wordStart
    self.openQuote = openQuote
    self.candidates = candidates
  }

  /// The text to put in place of the word for `candidate`, quoted or escaped so that it works
  /// as typed. A word the user started with a quote stays quoted and is closed, so the line
  /// always parses; a `'` in the text switches to double quotes.
  public func insertion(for candidate: Candidate) -> String {
    let space = candidate.appendsSpace ? " " : ""
    guard var quote = openQuote else { return Tokenizer.escape(candidate.text) + space }
    if quote == "'" && candidate.text.contains("'") { quote = "\"" }
    var body = candidate.text
    if quote == "\"" {
      body = body.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "\"", with: "\\\"")
    }
    return String(quote) + body + String(quote) + space
  }

  /// The longest text every candidate starts with, written as it must be typed; nil when
  /// there are no candidates.
  public var commonInsertion: String? {
    guard let first = candidates.first else { return nil }
    if candidates.count == 1 { return insertion(for: first) }
    var prefix = first.text
    for candidate in candidates.dropFirst() {
      prefix = String(prefix.commonPrefix(with: candidate.text))
    }
    let partial = Candidate(prefix, appendsSpace: false)
    return insertion(for: partial)
  }
}
