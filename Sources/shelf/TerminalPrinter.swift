import ShelfShell
import ShelfTerminal

/// The one place the front end writes terminal escape sequences and lays out columns for the
/// terminal: the prompt's colours, the error prefix, erasing the line being edited, and the
/// Tab completion listing. With colours off it writes no colour codes (the line-editing
/// sequences are only used at a terminal). Screens themselves are rendered by ShelfShell's
/// `TextRenderer`.
struct TerminalPrinter {
  let colors: Bool

  /// Most completion candidates listed below the line; the rest are counted.
  static let maximumListed = 60

  /// Marks the start and the end of invisible characters in a prompt for libedit
  /// (`EL_PROMPT_ESC`); `EditLineReader` registers the same character.
  static let promptMarker: Character = "\u{1}"

  /// `shelf:/path> ` (`shelf[Mia]:/path> ` with the active profile of a household of two or
  /// more), coloured when colours are on.
  func prompt(path: String, profile: String? = nil) -> String {
    let name = "shelf" + (profile.map { "[\($0)]" } ?? "")
    guard colors else { return "\(name):\(path)> " }
    let reset = invisible(EscapeSequence.sgr([.reset]))
    return invisible(EscapeSequence.sgr(TextStyle.promptName.attributes)) + name + reset + ":"
      + invisible(EscapeSequence.sgr(TextStyle.promptPath.attributes)) + path + reset + "> "
  }

  /// `shelf: ` before an error at the terminal, in red when colours are on.
  var errorPrefix: String {
    colors ? EscapeSequence.styled("shelf:", TextStyle.error.attributes) + " " : "shelf: "
  }

  /// Back to the first column of the current row and erase from there to the end of the
  /// screen: what is left of an edited line after the window changed size.
  var eraseToEndOfScreen: String { EscapeSequence.eraseToEndOfScreen }

  /// Moves the cursor up `rows` rows (nothing for 0).
  func cursorUp(_ rows: Int) -> String {
    EscapeSequence.cursorUp(rows)
  }

  private func invisible(_ code: String) -> String {
    String(Self.promptMarker) + code + String(Self.promptMarker)
  }

  /// The candidates Tab lists below the line, `columns` wide: names with their descriptions
  /// one per row, or bare names in as many columns as fit. Only the last path component of
  /// each candidate is shown; candidate text is sanitised.
  func completionListing(_ candidates: [Candidate], columns: Int) -> String {
    let shown = candidates.prefix(Self.maximumListed)
    let names = shown.map { candidate -> String in
      let text = candidate.text.hasSuffix("/") ? String(candidate.text.dropLast()) : candidate.text
      let last = text.split(separator: "/").last.map(String.init) ?? text
      return TerminalText.sanitize(candidate.text.hasSuffix("/") ? last + "/" : last)
    }
    var text = ""
    if shown.contains(where: { $0.description != nil }) {
      let nameWidth = min(30, names.map { DisplayWidth.of($0) }.max() ?? 0)
      for (name, candidate) in zip(names, shown) {
        let padded =
          name + String(repeating: " ", count: max(1, nameWidth - DisplayWidth.of(name) + 2))
        let line = padded + TerminalText.sanitize(candidate.description ?? "")
        text += DisplayWidth.truncate(line, to: columns - 1) + "\n"
      }
    } else {
      let cellWidth = (names.map { DisplayWidth.of($0) }.max() ?? 0) + 2
      let perRow = max(1, columns / max(1, cellWidth))
      for (index, name) in names.enumerated() {
        let last = index % perRow == perRow - 1 || index == names.count - 1
        text += name
        text += last ? "\n" : String(repeating: " ", count: cellWidth - DisplayWidth.of(name))
      }
    }
    if candidates.count > shown.count {
      text += "… and \(candidates.count - shown.count) more (type more letters)\n"
    }
    return text
  }
}
