import CEditLineShim

/// One line of input, or why there is none.
enum LineInput: Equatable {
  case line(String)
  /// Ctrl-C at the prompt: the line is discarded.
  case interrupted
  case tooLong(Int)
  case invalidUTF8
}

/// Where command lines come from: the libedit prompt or a stream (a pipe, a file, `-c`).
protocol LineReader: AnyObject {
  /// The next line; nil at the end of input (Ctrl-D, end of file).
  func readLine(prompt: String) -> LineInput?
  /// Lines recalled from earlier sessions, oldest first.
  var previousHistory: [String] { get }
  /// True (once) when Ctrl-C was pressed since the last call; a running command checks it.
  func takeInterrupt() -> Bool
}

extension LineReader {
  /// The process's Ctrl-C flag, set by the SIGINT handler the launcher installs.
  func takeInterrupt() -> Bool { shelf_take_interrupt() != 0 }
}
