import Foundation

/// Shows long text through `$PAGER` (default `less -R`), started directly, not through a
/// shell. Returns false when no pager could run, so the caller prints the text itself.
struct Pager {
  let environment: [String: String]

  func show(_ text: String) -> Bool {
    let command = environment["PAGER"].flatMap { $0.isEmpty ? nil : $0 } ?? "less -R"
    let words = command.split(separator: " ").map(String.init)
    guard let program = words.first else { return false }
    let process = Process()
    if program.contains("/") {
      process.executableURL = URL(fileURLWithPath: program)
      process.arguments = Array(words.dropFirst())
    } else {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = words
    }
    let pipe = Pipe()
    process.standardInput = pipe
    do {
      try process.run()
    } catch {
      return false
    }
    pipe.fileHandleForWriting.write(Data(text.utf8))
    try? pipe.fileHandleForWriting.close()
    process.waitUntilExit()
    return process.terminationReason == .exit && process.terminationStatus != 127
  }
}
