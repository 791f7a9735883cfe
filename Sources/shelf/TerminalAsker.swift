import Foundation
import ShelfShell

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Asks questions at the terminal: prints the lines and the prompt, reads one line with the
/// line editor when there is one (`answer`), else from stdin. Ctrl-C or end of input means no
/// answer.
struct TerminalAsker: Asking {
  let renderer: () -> TextRenderer
  /// Reads the answer after the prompt given (the line editor's `answer(prompt:)`).
  var answer: ((String) -> String?)? = nil

  func ask(_ question: Question) -> String? {
    let lines = question.lines.map { renderer().render($0) + "\n" }.joined()
    if let answer {
      FileHandle.standardOutput.write(Data(lines.utf8))
      return answer(question.prompt)
    }
    let text = lines + question.prompt
    FileHandle.standardOutput.write(Data(text.utf8))
    var bytes: [UInt8] = []
    var byte: UInt8 = 0
    while true {
      let count = read(0, &byte, 1)
      if count < 0 && errno == EINTR {
        FileHandle.standardOutput.write(Data("\n".utf8))
        return nil
      }
      guard count == 1 else {
        FileHandle.standardOutput.write(Data("\n".utf8))
        return nil
      }
      if byte == UInt8(ascii: "\n") { break }
      if bytes.count < 1024 { bytes.append(byte) }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// Used when nobody can be asked (scripts): the session never calls it, as questions are
/// answered by the rules of SPEC §6, but it answers "no" if it ever is.
struct NoAsker: Asking {
  func ask(_ question: Question) -> String? { nil }
}
