import Foundation
import ShelfShell

/// Opens a URL with `$BROWSER`, else `xdg-open` (Linux) or `open` (macOS), started directly
/// with the URL as its one argument: never through a shell.
struct BrowserOpener: URLOpening {
  let environment: [String: String]

  func open(_ url: String) throws {
    let candidates: [String]
    if let browser = environment["BROWSER"], !browser.isEmpty {
      candidates = browser.split(separator: ":").map(String.init)
    } else {
      #if os(macOS)
        candidates = ["open"]
      #else
        candidates = ["xdg-open"]
      #endif
    }
    for candidate in candidates {
      let words = candidate.split(separator: " ").map(String.init)
      guard let program = words.first, let executable = find(program) else { continue }
      let process = Process()
      process.executableURL = executable
      process.arguments = Array(words.dropFirst()) + [url]
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      do {
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
          throw ShellError.cannotOpen("\(program) exited with status \(process.terminationStatus)")
        }
        return
      } catch let error as ShellError {
        throw error
      } catch {
        throw ShellError.cannotOpen("\(program): \(error.localizedDescription)")
      }
    }
    throw ShellError.cannotOpen(
      "no browser found (set $BROWSER, or install xdg-utils); the link is \(url)")
  }

  private func find(_ program: String) -> URL? {
    if program.contains("/") {
      return FileManager.default.isExecutableFile(atPath: program)
        ? URL(fileURLWithPath: program) : nil
    }
    let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(program)"
      if FileManager.default.isExecutableFile(atPath: candidate) {
        return URL(fileURLWithPath: candidate)
      }
    }
    return nil
  }
}
