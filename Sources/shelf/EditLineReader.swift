import CEditLineShim
import Foundation
import ShelfFiles
import ShelfShell
import ShelfTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The interactive prompt: libedit (emacs, or vi with `bind -v` in the editrc) with history
/// kept in the state directory, Tab completion, Ctrl-R search, Ctrl-C to clear the line or
/// cancel a search, a redraw after the window changes size or the process is continued, and
/// the user's editrc. All C callbacks, the history file and signal handling stay in this type;
/// escape sequences and the completion listing come from `TerminalPrinter`.
///
/// Signals are handled here, never by libedit (whose signal mode sends each signal on to the
/// whole process group, killing the shell that started shelf): SIGTERM, SIGHUP and SIGQUIT end
/// the session (`endingSignal`), Ctrl-Z suspends with the terminal given back.
final class EditLineReader: LineReader {
  /// Entries kept in memory and in the history file.
  static let historySize = 1000

  private let editLine: OpaquePointer
  private let history: OpaquePointer
  /// nil when no history file is kept (none asked for, or one that must be left alone).
  private var historyFile: HistoryFile?
  /// Where libedit's scratch copy of the history goes while it loads (the state directory).
  private let scratchDirectory: URL
  /// Lines entered since the last save that worked, oldest first.
  private var unsaved: [String] = []
  /// Why the last save failed, so that a lasting failure is told once.
  private var saveFailure: String?
  private var finished = false
  private let warn: (String) -> Void
  private let printer: TerminalPrinter
  private let complete: (String, Int) -> Completion
  private var promptBuffer: [CChar] = [0]
  private var prompt = ""
  /// The width the line was last drawn at, to find its first row after a resize.
  private var columns: Int
  /// What was typed ahead of a command's first question (`answer`), for the next prompt.
  private var typedAhead: [UInt8] = []
  private var askedSinceLine = false

  /// `historyPath` nil (or /dev/null) keeps no history file; `editrc` nil reads none.
  /// Problems (an unusable history file or editrc, a refused editrc line, a failed save) go
  /// to `warn`.
  init?(
    historyPath: String?, scratchDirectory: URL, editrc: String?, printer: TerminalPrinter,
    warn: @escaping (String) -> Void, complete: @escaping (String, Int) -> Completion
  ) {
    if let problem = UTF8Locale.activate() { warn(problem) }
    guard let editLine = shelf_el_init("shelf"),
      let history = shelf_history_init(Int32(Self.historySize))
    else {
      return nil
    }
    self.editLine = editLine
    self.history = history
    self.scratchDirectory = scratchDirectory
    self.warn = warn
    self.printer = printer
    self.complete = complete
    columns = Terminal.windowSize()?.columns ?? 80
    if let historyPath, historyPath != "/dev/null" {
      historyFile = HistoryFile(path: historyPath)
      if !loadHistory() { historyFile = nil }
    }
    configure(editrc: editrc)
    shelf_install_session_signals()
  }

  deinit {
    finish()
    el_end(editLine)
    history_end(history)
  }

  /// At the end of the session: saves what is left of the history and puts the signal
  /// dispositions back. (Called again by deinit; only the first call counts.)
  func finish() {
    guard !finished else { return }
    finished = true
    if !saveHistory(), let historyFile, let saveFailure {
      warn(
        "cannot save the history file \(historyFile.path): \(saveFailure) "
          + "(\(unsaved.count) line\(unsaved.count == 1 ? "" : "s") of this session lost)")
    }
    shelf_restore_session_signals()
  }

  /// Loads the last entries of the history file; false when the file must be left alone.
  private func loadHistory() -> Bool {
    guard let historyFile else { return true }
    switch historyFile.readTail(keep: Self.historySize) {
    case .missing:
      return true
    case .unusable(let reason):
      warn(
        "cannot read the history file \(historyFile.path): \(reason); it is left as it is and "
          + "this session's history is not saved")
      return false
    case .entries(let lines):
      guard !lines.isEmpty else { return true }
      // libedit decodes its own format, from a file only: hand it the kept tail as a small
      // history file in the state directory (removed at the next start if shelf is killed).
      let text = HistoryFile.header + lines.joined(separator: "\n") + "\n"
      do {
        let scratch = try ScratchFile(Data(text.utf8), in: scratchDirectory, for: "history")
        defer { scratch.remove() }
        _ = shelf_history_load(history, scratch.url.path)
      } catch {
        warn(
          "cannot load the history from \(historyFile.path): \(FileError.systemReason(error))")
      }
      return true
    }
  }

  /// The entries Up-arrow recalls, oldest first.
  var recalledLines: [String] {
    var lines: [String] = []
    var entry = shelf_history_oldest_first(history, 1)
    while let line = entry {
      lines.append(String(cString: line))
      entry = shelf_history_oldest_first(history, 0)
    }
    return lines
  }

  private func configure(editrc: String?) {
    shelf_el_set_editor(editLine, "emacs")
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
    shelf_el_set_key_reader(editLine) { editLine, event in
      guard let editLine, let data = shelf_el_get_clientdata(editLine) else { return }
      let reader = Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue()
      if event == SHELF_EVENT_RESIZED {
        reader.redrawAfterResize()
      } else {
        reader.redrawAfterContinue()
      }
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
    if let editrc { source(EditRCFile(path: editrc)) }
    // `bind -v` in the editrc replaced every map with vi's, where Tab inserts a tab and Ctrl-R
    // redraws: give Tab and Ctrl-R their shelf meaning again in insert mode, and Ctrl-R in
    // command mode (where `/` and `?` search as in vi).
    if shelf_el_editor_is_vi(editLine) != 0 {
      shelf_el_bind(editLine, "^I", "shelf-complete")
      shelf_el_bind(editLine, "^R", "em-inc-search-prev")
      shelf_el_bind_alternate(editLine, "^R", "em-inc-search-prev")
    }
  }

  /// Gives libedit the editrc's checked lines, after shelf's own bindings so that they can
  /// override them; a line libedit does not take is named in a warning with what it said.
  private func source(_ file: EditRCFile) {
    let (lines, warnings) = file.read()
    for warning in warnings { warn(warning) }
    for line in lines {
      var said: UnsafeMutablePointer<CChar>?
      let status = shelf_el_parse_line(editLine, line.text, &said)
      let message = said.map { String(cString: $0) } ?? ""
      free(said)
      guard status != 0 else { continue }
      let reason = message.trimmingCharacters(in: .whitespacesAndNewlines)
      warn(
        "\(file.path):\(line.number): libedit did not take this line"
          + (reason.isEmpty ? "" : " (\(reason))"))
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

  /// After the process was stopped (Ctrl-Z) and continued: the prompt and the line drawn again
  /// where the cursor is, at the window's width now.
  private func redrawAfterContinue() {
    columns = Terminal.windowSize()?.columns ?? columns
    el_resize(editLine)
    shelf_el_refresh(editLine)
  }

  /// The prompt as shown: without the invisible colour codes between markers.
  private var visiblePrompt: String {
    prompt.split(separator: TerminalPrinter.promptMarker, omittingEmptySubsequences: false)
      .enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined()
  }

  func readLine(prompt: String) -> LineInput? {
    if let signal = endingSignal { return .ended(signal: signal) }
    self.prompt = prompt
    promptBuffer = Array(prompt.utf8CString)
    columns = Terminal.windowSize()?.columns ?? columns
    askedSinceLine = false
    if !typedAhead.isEmpty {
      el_push(editLine, String(decoding: typedAhead, as: UTF8.self))
      typedAhead = []
    }
    var count: Int32 = 0
    errno = 0
    _ = shelf_take_interrupt()
    shelf_watch_keys(1)
    let read = el_gets(editLine, &count)
    shelf_watch_keys(0)
    guard let raw = read else {
      shelf_el_write(editLine, "\n")
      if let signal = endingSignal { return .ended(signal: signal) }
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
      // libedit leaves out a repeat of the line before (H_SETUNIQUE), and so does the file.
      if recalledLines.last != line { unsaved.append(line) }
      shelf_history_enter(history, line)
      saveHistory()
    }
    return .line(line)
  }

  /// The answer to a question (the retry dialog), read with the line editor and kept out of the
  /// history; nil for Ctrl-C or end of input. What was typed ahead before the question (a
  /// command entered while the network was slow) is not the answer: it is kept for the next
  /// prompt, which reads it first.
  func answer(prompt: String) -> String? {
    // Only before the command's first question: what comes after it is typed at a question.
    if !askedSinceLine { typedAhead += Self.pendingInput() }
    askedSinceLine = true
    self.prompt = prompt
    promptBuffer = Array(prompt.utf8CString)
    var count: Int32 = 0
    _ = shelf_take_interrupt()
    shelf_watch_keys(1)
    let read = el_gets(editLine, &count)
    shelf_watch_keys(0)
    guard let raw = read else {
      shelf_el_write(editLine, "\n")
      return nil
    }
    var line = String(
      decoding: UnsafeRawBufferPointer(start: raw, count: strlen(raw)), as: UTF8.self)
    while line.hasSuffix("\n") || line.hasSuffix("\r") { line.removeLast() }
    return line
  }

  /// The bytes waiting on standard input now (whole lines, in the terminal's cooked mode),
  /// read without waiting; at most 64 KiB.
  private static func pendingInput() -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    var waiting = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
    while bytes.count < 1 << 16, poll(&waiting, 1, 0) == 1, waiting.revents & Int16(POLLIN) != 0 {
      let count = read(0, &buffer, buffer.count)
      guard count > 0 else { break }
      bytes += buffer[0..<count]
    }
    return bytes.filter { $0 != 0 }
  }

  /// Appends the lines entered since the last save to the history file, after what other
  /// sessions appended meanwhile: a save after each line, so that a killed session loses
  /// nothing. A failure (a full or read-only disk) is a warning naming the file and the reason,
  /// once until a save works again; the lines are kept for the next try. True when nothing is
  /// left to save.
  @discardableResult
  private func saveHistory() -> Bool {
    guard let historyFile, !unsaved.isEmpty else { return true }
    unsaved = unsaved.suffix(Self.historySize)
    do {
      try historyFile.append(try encoded(unsaved), keep: Self.historySize)
      unsaved = []
      saveFailure = nil
      return true
    } catch {
      let reason = FileError.systemReason(error)
      if saveFailure != reason, !finished {
        warn("cannot save the history file \(historyFile.path): \(reason)")
      }
      saveFailure = reason
      return false
    }
  }

  /// `lines` as libedit writes them in its history file (spaces as `\\040`, and so on):
  /// libedit encodes into a file only, so into a scratch file in the state directory.
  private func encoded(_ lines: [String]) throws -> [String] {
    guard let entries = shelf_history_init(Int32(Self.historySize)) else {
      throw FileError(path: scratchDirectory.path, operation: .save, code: ENOMEM)
    }
    defer { history_end(entries) }
    for line in lines { shelf_history_enter(entries, line) }
    let scratch = try ScratchFile(Data(), in: scratchDirectory, for: "history")
    defer { scratch.remove() }
    guard shelf_history_save(entries, scratch.url.path) >= 0 else {
      throw FileError(path: scratch.url.path, operation: .save, code: errno)
    }
    let file = try SmallFile.read(scratch.url.path, limit: 64 << 20)
    return file.split(separator: 10).dropFirst().map { String(decoding: $0, as: UTF8.self) }
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
