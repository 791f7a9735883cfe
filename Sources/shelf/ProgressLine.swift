import ShelfTerminal

/// Shows progress of long work on stderr: at a terminal one line rewritten in place
/// (`posters 37/240`) and wiped before the command's own output; elsewhere one line each.
final class ProgressLine {
  private let errors: StandardStream
  private let inPlace: Bool
  private var isShown = false

  init(errors: StandardStream, inPlace: Bool) {
    self.errors = errors
    self.inPlace = inPlace
  }

  func show(_ text: String) {
    guard inPlace else {
      errors.write(text + "\n")
      return
    }
    errors.write(EscapeSequence.eraseLine + text)
    isShown = true
  }

  /// Wipes the line, if one is shown.
  func clear() {
    guard isShown else { return }
    errors.write(EscapeSequence.eraseLine)
    isShown = false
  }
}
