import ArgumentParser

/// The first mistake in the launch arguments, in the order they were typed. The argument
/// parser checks values and `validate()` before it looks for unknown options, so on its own
/// `shelf --bogus never -c pwd` would blame the script `never` (a script and `-c` together)
/// instead of `--bogus`. Parsing ever longer leading parts of the arguments finds the earliest
/// part that fails; an option and its value count as one part, so a value is never cut off.
enum ArgumentMistake {
  /// The error of the shortest failing leading part of `arguments`; nil when every part
  /// parses (then the whole command line is fine, or only a request for help or the version).
  static func first(
    in arguments: [String], optionNames: Set<String>, parse: ([String]) throws -> Void
  ) -> Error? {
    for end in partEnds(of: arguments, optionNames: optionNames) {
      do {
        try parse(Array(arguments[..<end]))
      } catch {
        if ShelfCommand.exitCode(for: error).isSuccess { continue }
        return error
      }
    }
    return nil
  }

  /// Where each part ends: after a flag, a value, an `--option=value`, or an option followed
  /// by its value; after `--` every argument is a part of its own.
  static func partEnds(of arguments: [String], optionNames: Set<String>) -> [Int] {
    var ends: [Int] = []
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      if !optionsEnded && argument == "--" {
        optionsEnded = true
      } else if !optionsEnded && optionNames.contains(argument) {
        index += 1
      }
      index = min(index + 1, arguments.count)
      ends.append(index)
    }
    return ends
  }

  /// `shelf: unknown option '--bogus'`: the parser's message, starting in lower case as the
  /// rest of shelf's errors do.
  static func report(_ error: Error) -> String {
    report(message: ShelfCommand.message(for: error))
  }

  static func report(message text: String) -> String {
    var message = text
    if let first = message.first, first.isUppercase,
      message.dropFirst().first?.isLowercase == true
    {
      message = first.lowercased() + message.dropFirst()
    }
    return "shelf: \(message)\nTry 'shelf --help' for more information.\n"
  }
}
