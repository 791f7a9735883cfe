import CEditLineShim
import Foundation
import ShelfShell

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The interactive prompt: libedit in emacs mode with history saved to the data directory,
/// Tab completion, Ctrl-R search, Ctrl-C to clear the line, and the user's ~/.editrc. All C
/// callbacks, the history file and signal handling stay in this type.
final class EditLineReader: LineReader {
  private let editLine: OpaquePointer
  private let history: OpaquePointer
  private let historyPath: String?
  private let complete: (String, Int) -> Completion
  private let maximumListed = 60
  private var promptBuffer: [CChar] = [0]
  private(set) var previousHistory: [String] = []

  /// `historyPath` nil (or /dev/null) keeps no history file.
  init?(historyPath: String?, complete: @escaping (String, Int) -> Completion) {
    setlocale(LC_CTYPE, "")
    guard let editLine = shelf_el_init("shelf"), let history = shelf_history_init(1000) else {
      return nil
    }
    self.editLine = editLine
    self.history = history
    self.historyPath = historyPath == "/dev/null" ? nil : historyPath
    self.complete = complete
    if let path = self.historyPath {
      _ = shelf_history_load(history, path)
      var entry = shelf_history_oldest_first(history, 1)
      while let line = entry {
        previousHistory.append(String(cString: line))
        entry = shelf_history_oldest_first(history, 0)
      }
    }
    configure()
    shelf_install_interrupt_handler()
  }

  deinit {
    saveHistory()
    shelf_restore_interrupt_handler()
    el_end(editLine)
    history_end(history)
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
      }, 1)
    shelf_el_add_function(
      editLine, "shelf-complete", "complete the word at the cursor",
      { editLine, _ in
        guard let editLine, let data = shelf_el_get_clientdata(editLine) else { return 6 }
        let reader = Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue()
        return reader.completeAtCursor()
      })
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
  }

  func takeInterrupt() -> Bool {
    shelf_take_interrupt() != 0
  }

  func readLine(prompt: String) -> LineInput? {
    promptBuffer = Array(prompt.utf8CString)
    var count: Int32 = 0
    errno = 0
    guard let raw = el_gets(editLine, &count) else {
      if count == -1 && errno == EINTR {
        shelf_el_write(editLine, "\n")
        return .interrupted
      }
      shelf_el_write(editLine, "\n")
      return nil
    }
    let length = strlen(raw)
    var bytes = [UInt8](UnsafeRawBufferPointer(start: raw, count: length))
    while let last = bytes.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") {
      bytes.removeLast()
    }
    if bytes.count > LineLimits.maximumBytes { return .tooLong(bytes.count) }
    guard let line = String(validating: bytes, as: UTF8.self) else { return .invalidUTF8 }
    if !line.trimmingCharacters(in: .whitespaces).isEmpty {
      shelf_history_enter(history, line)
      saveHistory()
    }
    return .line(line)
  }

  private func saveHistory() {
    guard let historyPath else { return }
    let directory = (historyPath as NSString).deletingLastPathComponent
    try? FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    _ = shelf_history_save(history, historyPath)
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
    shelf_el_write(editLine, "\n" + listing(completion.candidates))
    return UInt8(CC_REDISPLAY)
  }

  private func listing(_ candidates: [Candidate]) -> String {
    let shown = candidates.prefix(maximumListed)
    let names = shown.map { candidate -> String in
      let text = candidate.text.hasSuffix("/") ? String(candidate.text.dropLast()) : candidate.text
      let last = text.split(separator: "/").last.map(String.init) ?? text
      return candidate.text.hasSuffix("/") ? last + "/" : last
    }
    let columns = Terminal.windowSize()?.columns ?? 80
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
        text += TerminalText.sanitize(name)
        text += last ? "\n" : String(repeating: " ", count: cellWidth - DisplayWidth.of(name))
      }
    }
    if candidates.count > shown.count {
      text += "… and \(candidates.count - shown.count) more (type more letters)\n"
    }
    return text
  }
}
