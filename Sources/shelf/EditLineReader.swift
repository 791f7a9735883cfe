import CEditLineShim
import Foundation
import ShelfFiles
import ShelfShell

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The interactive prompt: libedit (emacs, or vi with `bind -v` in the editrc) with history
/// kept in the state directory, Tab completion, Ctrl-R search, Ctrl-C to clear the line or
/// cancel a search, a redraw after the window changes size, and the user's ~/.editrc. All C
/// callbacks, the history file and signal handling stay in this type; escape sequences and
/// the completion listing come from `TerminalPrinter`.
final class EditLineReader: LineReader {
  /// Entries kept in memory and in the history file.
  static let historySize = 1000

  private let editLine: OpaquePointer
  private let history: OpaquePointer
  /// nil when no history file is kept (none asked for, or one that must be left alone).
  private var historyPath: String?
  private let printer: TerminalPrinter
  private let complete: (String, Int) -> Completion
  private var promptBuffer: [CChar] = [0]
  private var prompt = ""
  /// The width the line was last drawn at, to find its first row after a resize.
  private var columns: Int
  private(set) var previousHistory: [String] = []
  /// Problems found at start-up (an unusable history file), for the caller to print.
  private(set) var warnings: [String] = []

  /// `historyPath` nil (or /dev/null) keeps no history file.
  init?(
    historyPath: String?, printer: TerminalPrinter,
    complete: @escaping (String, Int) -> Completion
  ) {
    setlocale(LC_CTYPE, "")
    guard let editLine = shelf_el_init("shelf"),
      let history = shelf_history_init(Int32(Self.historySize))
    else {
      return nil
    }
    self.editLine = editLine
    self.history = history
    self.printer = printer
    self.complete = complete
    columns = Terminal.windowSize()?.columns ?? 80
    self.historyPath = historyPath == "/dev/null" ? nil : historyPath
    if let path = self.historyPath, !loadHistory(path) { self.historyPath = nil }
    configure()
    shelf_install_interrupt_handler()
  }

  deinit {
    saveHistory()
    shelf_restore_interrupt_handler()
    el_end(editLine)
    history_end(history)
  }

  /// Loads the last entries of the history file; false when the file must be left alone.
  private func loadHistory(_ path: String) -> Bool {
    switch HistoryFile(path: path).readTail(keep: Self.historySize) {
    case .missing:
      return true
    case .unusable(let reason):
      warnings.append(
        "cannot read the history file \(path): \(reason); it is left as it is and this "
          + "session's history is not saved")
      return false
    case .entries(let lines):
      guard !lines.isEmpty else { return true }
      // libedit decodes its own format: hand it the kept tail as a small history file.
      let temporary = FileManager.default.temporaryDirectory
        .appendingPathComponent("shelf-history-\(UUID().uuidString)")
      let text = HistoryFile.header + lines.joined(separator: "\n") + "\n"
      guard
        FileManager.default.createFile(
          atPath: temporary.path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
      else { return true }
      defer { try? FileManager.default.removeItem(at: temporary) }
      _ = shelf_history_load(history, temporary.path)
      var entry = shelf_history_oldest_first(history, 1)
      while let line = entry {
        previousHistory.append(String(cString: line))
        entry = shelf_history_oldest_first(history, 0)
      }
      return true
    }
  }

  private func configure() {
    shelf_el_set_editor(editLine, "emacs")
    shelf_el_set_signal(editLine, 1)
    shelf_el_set_history(editLine, history)
    shelf_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
    shelf_el_set_prompt(
      editLine,
      { editLine in
        guard let editLine, let data = shelf_el_get_clientdata(editLine) else { return nil }
        let reader = Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue()
        return reader.promptBuffer.withUnsafeMutableBufferPointer { $0.baseAddress }
      }, CChar(TerminalPrinter.promptMarker.asciiValue ?? 1))
    shelf_el_add_function(
      editLine, "shelf-complete", "complete the word at the cursor",
      { editLine, _ in
        guard let editLine, let data = shelf_el_get_clientdata(editLine) else { return 6 }
        let reader = Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue()
        return reader.completeAtCursor()
      })
    shelf_el_set_key_reader(editLine) { editLine in
      guard let editLine, let data = shelf_el_get_clientdata(editLine) else { return }
      Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue().redrawAfterResize()
    }
    let bindings: [(String, String)] = [
      ("^I", "shelf-complete"), ("^R", "em-inc-search-prev"), ("^S", "em-inc-search-next"),
      ("\\e[H", "ed-move-to-beg"), ("\\e[F", "ed-move-to-end"), ("\\e[1~", "ed-move-to-beg"),
      ("\\e[4~", "ed-move-to-end"), ("\\e[3~", "ed-delete-next-char"),
      ("\\e[1;5D", "ed-prev-word"), ("\\e[1;5C", "em-next-word"),
      ("\\e[A", "ed-prev-history"), ("\\e[B", "ed-next-history"),
      ("\\eOA", "ed-prev-history"), ("\\eOB", "ed-next-history"),
    ]
    for (key, command) in bindings { shelf_el_bind(editLine, key, command) }
    el_source(editLine, nil)
    // `bind -v` in the editrc replaced every map with vi's, where Tab inserts a tab and Ctrl-R
    // redraws: give Tab and Ctrl-R their shelf meaning again in insert mode, and Ctrl-R in
    // command mode (where `/` and `?` search as in vi).
    if shelf_el_editor_is_vi(editLine) != 0 {
      shelf_el_bind(editLine, "^I", "shelf-complete")
      shelf_el_bind(editLine, "^R", "em-inc-search-prev")
      shelf_el_bind_alternate(editLine, "^R", "em-inc-search-prev")
    }
  }

  /// After a resize (SIGWINCH), between two keys: back to where the prompt starts (the rows
  /// the line took at the old width), erase what is below, and let libedit draw the prompt
  /// and the line again at the new width.
  private func redrawAfterResize() {
    let newColumns = Terminal.windowSize()?.columns ?? columns
    if let info = el_line(editLine)?.pointee, let start = info.buffer {
      let before = String(
        decoding: UnsafeRawBufferPointer(start: start, count: info.cursor - start), as: UTF8.self)
      let used = DisplayWidth.of(visiblePrompt) + DisplayWidth.of(before)
      shelf_el_write(
        editLine, printer.cursorUp(used / max(1, columns)) + printer.eraseToEndOfScreen)
    }
    columns = newColumns
    el_resize(editLine)
    shelf_el_refresh(editLine)
  }

  /// The prompt as shown: without the invisible colour codes between markers.
  private var visiblePrompt: String {
    prompt.split(separator: TerminalPrinter.promptMarker, omittingEmptySubsequences: false)
      .enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined()
  }

  func takeInterrupt() -> Bool {
    shelf_take_interrupt() != 0
  }

  func readLine(prompt: String) -> LineInput? {
    self.prompt = prompt
    promptBuffer = Array(prompt.utf8CString)
    columns = Terminal.windowSize()?.columns ?? columns
    var count: Int32 = 0
    errno = 0
    _ = shelf_take_interrupt()
    shelf_watch_resize(1)
    let read = el_gets(editLine, &count)
    shelf_watch_resize(0)
    guard let raw = read else {
      shelf_el_write(editLine, "\n")
      // Ctrl-C ends el_gets with EINTR; during a Ctrl-R search libedit reports it as the end
      // of input instead, so the signal itself is what tells.
      if shelf_take_interrupt() != 0 || (count == -1 && errno == EINTR) {
        return .interrupted
      }
      return nil
    }
    let length = strlen(raw)
    var bytes = [UInt8](UnsafeRawBufferPointer(start: raw, count: length))
    while let last = bytes.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") {
      bytes.removeLast()
    }
    if bytes.count > LineLimits.maximumBytes { return .tooLong(bytes.count) }
    guard let line = String(validating: bytes, as: UTF8.self) else { return .invalidUTF8 }
    // Like bash's ignorespace: a line that starts with a space is not remembered.
    if !line.trimmingCharacters(in: .whitespaces).isEmpty, !line.hasPrefix(" ") {
      shelf_history_enter(history, line)
      saveHistory()
    }
    return .line(line)
  }

  /// libedit encodes the entries into a private scratch file; the program's one durable write
  /// puts them in place (atomic, 0600, through a symbolic link, never half a file).
  private func saveHistory() {
    guard let historyPath else { return }
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("shelf-history-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    guard shelf_history_save(history, scratch.path) >= 0,
      let encoded = try? Data(contentsOf: scratch)
    else { return }
    try? DurableFile.write(encoded, to: URL(fileURLWithPath: historyPath))
  }

  /// Tab: inserts the candidates' common part, or lists them when that adds nothing.
  private func completeAtCursor() -> UInt8 {
    guard let info = el_line(editLine)?.pointee, let start = info.buffer else { return 6 }
    let before = UnsafeRawBufferPointer(start: start, count: info.cursor - start)
    let after = UnsafeRawBufferPointer(start: info.cursor, count: info.lastchar - info.cursor)
    let head = String(decoding: before, as: UTF8.self)
    let line = head + String(decoding: after, as: UTF8.self)
    let cursor = head.count
    let completion = complete(line, cursor)
    guard let insertion = completion.commonInsertion else { return UInt8(CC_REFRESH_BEEP) }
    let typed = String(head.dropFirst(completion.wordStart))
    if insertion != typed, insertion.count >= typed.count || completion.candidates.count == 1 {
      el_deletestr(editLine, Int32(typed.count))
      el_insertstr(editLine, insertion)
      return UInt8(CC_REFRESH)
    }
    if completion.candidates.count == 1 { return UInt8(CC_REFRESH) }
    let width = Terminal.windowSize()?.columns ?? 80
    shelf_el_write(
      editLine, "\n" + printer.completionListing(completion.candidates, columns: width))
    return UInt8(CC_REDISPLAY)
  }
}
