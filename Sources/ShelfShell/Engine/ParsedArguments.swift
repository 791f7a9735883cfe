/// Where an option's value comes from when Tab completes it.
public enum OptionCompletion: Sendable, Equatable {
  /// Nothing to offer (a number, free text).
  case none
  /// One of these words and nothing else (`--sort name|price|age|relevance`).
  case choices([String])
  /// Usual values, offered but not enforced (`--age 3-5`).
  case suggestions([String])
  /// A path of the shell (`/toys/Dolls`).
  case paths
  /// An item of the current list, as REF.
  case references
}

/// An option a command accepts: `-y`/`--yes` (a flag) or `-n`/`--quantity QTY` (with a value).
/// Declared once per command; the argument parser, `help` and the completer all read it.
public struct OptionSpec: Sendable {
  public var names: [String]
  /// The value's placeholder (`QTY`), nil for a flag.
  public var valueName: String?
  public var help: String
  /// What Tab offers for the value; `.choices` are also the only values the parser accepts.
  public var completion: OptionCompletion

  public init(
    _ names: [String], value valueName: String? = nil, help: String,
    completion: OptionCompletion = .none
  ) {
    self.names = names
    self.valueName = valueName
    self.help = help
    self.completion = completion
  }

  public var takesValue: Bool { valueName != nil }
  var key: String { names.last ?? "" }
}

/// One word of a command line as the parser reads it.
enum ArgumentWord {
  /// The `index`th positional argument.
  case positional(index: Int, text: String)
  /// An option name (with its inline `--opt=value`, if any), and the word as typed.
  case option(OptionSpec, name: String, inlineValue: String?, word: String)
  /// The value of the option before it.
  case value(of: OptionSpec, text: String)
  /// A word that looks like an option but names none.
  case unknownOption(String)
  /// An option that needs a value at the end of the words.
  case missingValue(OptionSpec, name: String)
}

/// A command's words split into options and positional arguments.
public struct ParsedArguments: Sendable {
  public let command: String
  /// The line after the command's name, exactly as typed (for `complete`).
  public var rawText: String = ""
  public private(set) var positional: [String] = []
  private var values: [String: String] = [:]
  private var flags: Set<String> = []

  /// Parses `words` (the command name removed). `--opt=value`, `-n 2`, `-n2` and `--` work;
  /// a word like `-1` is an argument, not an option.
  public init(command: String, words: [String], options: [OptionSpec]) throws {
    self.command = command
    for word in Self.scan(words, options: options) {
      switch word {
      case .positional(_, let text):
        positional.append(text)
      case .option(let spec, _, let inlineValue, let typed):
        if spec.takesValue {
          if let inlineValue { try setValue(inlineValue, for: spec) }
        } else {
          guard inlineValue == nil else {
            throw ShellError.unknownOption(command: command, option: typed)
          }
          flags.insert(spec.key)
        }
      case .value(let spec, let text):
        try setValue(text, for: spec)
      case .unknownOption(let text):
        throw ShellError.unknownOption(command: command, option: text)
      case .missingValue(let spec, let name):
        throw ShellError.optionNeedsValue(
          command: command, option: name, valueName: spec.valueName ?? "value")
      }
    }
  }

  private mutating func setValue(_ value: String, for spec: OptionSpec) throws {
    if case .choices(let choices) = spec.completion, !choices.contains(value) {
      throw ShellError.usage(
        command: command,
        message: "\(spec.key) takes \(choices.joined(separator: ", ")), not \"\(value)\"")
    }
    values[spec.key] = value
  }

  /// Reads `words` as the parser does, word by word: the one reading shared by parsing and
  /// completion.
  static func scan(_ words: [String], options: [OptionSpec]) -> [ArgumentWord] {
    var result: [ArgumentWord] = []
    var index = 0
    var optionsEnded = false
    var positionalCount = 0
    while index < words.count {
      let word = words[index]
      index += 1
      if optionsEnded || !word.hasPrefix("-") || word == "-" || Int(word) != nil {
        result.append(.positional(index: positionalCount, text: word))
        positionalCount += 1
        continue
      }
      if word == "--" {
        optionsEnded = true
        continue
      }
      var name = word
      var inlineValue: String?
      if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
        name = String(word[..<equals])
        inlineValue = String(word[word.index(after: equals)...])
      } else if !word.hasPrefix("--"), word.count > 2 {
        name = String(word.prefix(2))
        inlineValue = String(word.dropFirst(2))
      }
      guard let spec = options.first(where: { $0.names.contains(name) }) else {
        result.append(.unknownOption(word))
        continue
      }
      result.append(.option(spec, name: name, inlineValue: inlineValue, word: word))
      if spec.takesValue, inlineValue == nil {
        if index < words.count {
          result.append(.value(of: spec, text: words[index]))
          index += 1
        } else {
          result.append(.missingValue(spec, name: name))
        }
      }
    }
    return result
  }

  public func has(_ option: String) -> Bool { flags.contains(option) }
  public func value(_ option: String) -> String? { values[option] }

  /// The single optional positional argument, or a usage error when there are more.
  public func optionalArgument(_ name: String) throws -> String? {
    guard positional.count <= 1 else {
      throw ShellError.tooManyArguments(command: command, expected: "[\(name)]")
    }
    return positional.first
  }

  /// REF: the positional words joined, so `open The Lantern Snail` works unquoted.
  public func reference() -> String? {
    positional.isEmpty ? nil : positional.joined(separator: " ")
  }

  /// The one positional argument NAME.
  public func requiredArgument(_ name: String) throws -> String {
    guard positional.count == 1 else {
      throw positional.isEmpty
        ? ShellError.missingArgument(command: command, name: name)
        : ShellError.tooManyArguments(command: command, expected: name)
    }
    return positional[0]
  }

  public func requiredReference() throws -> String {
    guard let reference = reference() else {
      throw ShellError.missingArgument(command: command, name: "REF")
    }
    return reference
  }

}
