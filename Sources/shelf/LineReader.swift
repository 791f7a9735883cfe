import CEditLineShim

/// One line of input, or why there is none.
enum LineInput: Equatable {
  case line(String)
  /// Ctrl-C at the prompt: the line is discarded.
  case interrupted
  case tooLong(Int)
  case invalidUTF8
  /// SIGTERM, SIGHUP or SIGQUIT: the session ends, with status 128 + the signal.
  case ended(signal: Int32)
}

/// Where command lines come from: the libedit prompt or a stream (a pipe, a file, `-c`).
protocol LineReader: AnyObject {
  /// The next line; nil at the end of input (Ctrl-D, end of file).
  func readLine(prompt: String) -> LineInput?
}

extension LineReader {
  /// True (once) when Ctrl-C was pressed since the last call (the process's flag, set by the
  /// SIGINT handler the launcher installs); a running command checks it.
  func takeInterrupt() -> Bool { shelf_take_interrupt() != 0 }

  /// The signal that ends the session (SIGTERM, SIGHUP, SIGQUIT), once one came; only the
  /// interactive session handles them (a script ends as any program does).
  var endingSignal: Int32? {
    let signal = shelf_ending_signal()
    return signal == 0 ? nil : signal
  }
}
