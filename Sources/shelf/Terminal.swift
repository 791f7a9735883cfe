import CEditLineShim
import Foundation
import ShelfImages
import ShelfShell

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What this run's terminal can do, decided once at start-up: whether stdin and stdout are
/// terminals, colours (the `color` setting: `--no-color`, `NO_COLOR`, `CLICOLOR_FORCE`, the
/// config file; `TERM=dumb`), width (`COLUMNS` overrides it at a terminal) and pictures.
struct Terminal {
  enum ImageMode: String, CaseIterable { case auto, blocks, none }
  enum ColorMode: String, CaseIterable { case auto, always, never }

  let inputIsTerminal: Bool
  let outputIsTerminal: Bool
  let colors: Bool
  /// Colours in what goes to stderr: only when it is a terminal too (or colours are forced),
  /// so an interactive session with `2>file` writes no escape codes into the file.
  let errorColors: Bool
  let drawsImages: Bool
  let environment: [String: String]

  /// With `auto`, colours and pictures only for a person at a terminal (never in scripts,
  /// `-c` or pipes, nor with `TERM=dumb`); `always` (`CLICOLOR_FORCE=1`) puts them anywhere.
  init(color: ColorMode, images: ImageMode, interactiveRun: Bool, environment: [String: String]) {
    self.environment = environment
    inputIsTerminal = isatty(0) == 1
    outputIsTerminal = isatty(1) == 1
    switch color {
    case .always: colors = true
    case .never: colors = false
    case .auto: colors = interactiveRun && outputIsTerminal && environment["TERM"] != "dumb"
    }
    errorColors = color == .always || (colors && isatty(2) == 1)
    // `blocks` is an explicit request: it draws at a terminal even with colours off (NO_COLOR,
    // --no-color), and in a pipe with forced colours. `auto` draws for a person at a terminal.
    switch images {
    case .blocks: drawsImages = outputIsTerminal || colors
    case .auto: drawsImages = colors && interactiveRun && outputIsTerminal
    case .none: drawsImages = false
    }
  }

  /// Writes every escape sequence of the front end.
  var printer: TerminalPrinter { TerminalPrinter(colors: colors) }

  /// Writes the escape sequences of what goes to stderr (the error prefix).
  var errorPrinter: TerminalPrinter { TerminalPrinter(colors: errorColors) }

  /// Whether this run is a person at a terminal (no script, no `-c`).
  static func isInteractiveRun(commands: [String], script: String?) -> Bool {
    commands.isEmpty && script == nil && isatty(0) == 1 && isatty(1) == 1
  }

  /// The width to lay out for now (it changes when the window is resized).
  var width: Int {
    // Off a terminal nothing is cut short, whatever COLUMNS says: scripts read whole names.
    guard outputIsTerminal else { return Int.max / 4 }
    if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
    return Self.windowSize()?.columns ?? 80
  }

  var height: Int {
    if let lines = environment["LINES"].flatMap(Int.init), lines > 0 { return lines }
    return Self.windowSize()?.rows ?? 24
  }

  /// The size of the terminal on stdout now (it changes when the window is resized).
  static func windowSize() -> (rows: Int, columns: Int)? {
    var rows: Int32 = 0
    var columns: Int32 = 0
    guard shelf_terminal_size(1, &rows, &columns) == 0, rows > 0, columns > 0 else { return nil }
    return (Int(rows), Int(columns))
  }

  var style: TerminalStyle {
    TerminalStyle(
      colors: colors, width: width,
      imagePalette: drawsImages ? HalfBlockRenderer.palette(environment: environment) : nil)
  }
}
