/// One word of a command line as the parser reads it.
enum ArgumentWord {
  /// The `index`th positional word.
  case positional(index: Int, text: String)
  /// An option name (with its inline `--opt=value`, if any), and the word as typed.
  case option(OptionSpec, name: String, inlineValue: String?, word: String)
  /// The value of the option before it.
  case value(of: OptionSpec, name: String, text: String)
  /// A word that looks like an option but names none.
  case unknownOption(String)
  /// An option that needs a value at the end of the words.
  case missingValue(OptionSpec, name: String)
}

/// A command's words read against its signature: every value converted and checked, so a
/// command's `run` reads typed values (`arguments[Self.quantity]` is an `Int?`) and never
/// converts strings. Every error about the words themselves is thrown here, worded the same
/// for every command.
public struct ParsedArguments: Sendable {
  public let command: String
  /// The line after the command's name, exactly as typed (for `complete`).
  public var rawText: String = ""
  /// The words that are not options, in order, each as the tokenizer made it (a quoted name is
  /// one word): what a command that takes several REFs reads (`fav 31 "Rosie Rag Doll"`).
  public private(set) var positionalWords: [String] = []
  private var values: [String: any Sendable] = [:]
  private var flags: Set<String> = []
  private var positionals: [String: any Sendable] = [:]

  /// Parses `words` (the command name removed). `--opt=value`, `-n 2`, `-n2` and `--` work;
  /// a word like `-1` is an argument, not an option.
  public init(command: String, words: [String], signature: CommandSignature) throws {
    self.command = command
    var positionalWords: [String] = []
    for word in Self.scan(words, options: signature.options) {
      switch word {
      case .positional(_, let text):
        positionalWords.append(text)
      case .option(let spec, let name, let inlineValue, let typed):
        if spec.takesValue {
          if let inlineValue { try setValue(inlineValue, for: spec, typedAs: name) }
        } else {
          guard inlineValue == nil else {
            throw ShellError.unknownOption(command: command, option: typed, suggestion: nil)
          }
          flags.insert(spec.key)
        }
      case .value(let spec, let name, let text):
        try setValue(text, for: spec, typedAs: name)
      case .unknownOption(let text):
        let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
        throw ShellError.unknownOption(
          command: command, option: text,
          suggestion: EditDistance.nearest(
            to: name, among: signature.options.flatMap(\.names).filter { $0.hasPrefix("--") }))
      case .missingValue(let spec, let name):
        throw ShellError.optionNeedsValue(
          command: command, option: name, valueName: spec.value?.placeholder ?? "value")
      }
    }
    for option in signature.options {
      if let required = option.requires, isGiven(option), !flags.contains(required) {
        throw ShellError.optionRequires(
          command: command, option: option.shortestName, required: required)
      }
    }
    self.positionalWords = positionalWords
    try readPositionals(positionalWords, signature: signature)
  }

  private func isGiven(_ option: OptionSpec) -> Bool {
    values[option.key] != nil || flags.contains(option.key)
  }

  private mutating func setValue(_ text: String, for spec: OptionSpec, typedAs name: String)
    throws
  {
    guard let value = spec.value, let read = value.read(text) else {
      throw ShellError.badValue(
        command: command, name: name, accepts: spec.value?.accepts ?? "", value: text)
    }
    values[spec.key] = read
  }

  /// Gives each positional its word in order; one whose value joins words (a name typed
  /// without quotes) takes the rest of them, but for the last words, which go to the
  /// positionals after it: always to a required one, to an optional one when it reads them
  /// (`rate Under the Dome 8`, `rate 8`, `status Girls paused`).
  private mutating func readPositionals(_ words: [String], signature: CommandSignature) throws {
    let declared = signature.arguments
    var rest = words[...]
    for (index, spec) in declared.enumerated() {
      let later = declared[(index + 1)...]
      var reserved = 0
      if spec.value.joinsWords {
        // A required value keeps at least one word.
        let spare = spec.isRequired ? rest.count - 1 : rest.count
        for (offset, next) in later.enumerated().reversed() {
          let position = rest.count - (later.count - offset)
          guard reserved < spare, position >= 0,
            next.isRequired || next.value.read(rest[rest.startIndex + position]) != nil
          else { break }
          reserved += 1
        }
        // An optional value left with no words is not given.
        if reserved == rest.count, !spec.isRequired { continue }
      }
      guard let first = rest.first else {
        if spec.isRequired {
          throw ShellError.missingArgument(command: command, name: spec.value.placeholder)
        }
        break
      }
      let text: String
      if spec.value.joinsWords {
        text = rest.dropLast(reserved).joined(separator: " ")
        rest = rest.suffix(reserved)
      } else {
        text = first
        rest = rest.dropFirst()
      }
      guard let read = spec.value.read(text) else {
        throw ShellError.badValue(
          command: command, name: spec.key.contains("|") ? nil : spec.key,
          accepts: spec.value.accepts, value: text)
      }
      positionals[spec.key] = read
    }
    if !rest.isEmpty {
      throw declared.isEmpty
        ? ShellError.takesNoArguments(command: command)
        : ShellError.tooManyArguments(
          command: command, expected: declared.map(\.usage).joined(separator: " "))
    }
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
          result.append(.value(of: spec, name: name, text: words[index]))
          index += 1
        } else {
          result.append(.missingValue(spec, name: name))
        }
      }
    }
    return result
  }

  /// The value of `option`, converted; nil when it was not given.
  public subscript<Value>(option: CommandOption<Value>) -> Value? {
    values[option.spec.key] as? Value
  }

  /// Whether `flag` was given.
  public subscript(flag: CommandFlag) -> Bool { flags.contains(flag.spec.key) }

  /// The value of a positional argument; nil when it was not given.
  public subscript<Value>(argument: CommandArgument<Value>) -> Value? {
    positionals[argument.spec.key] as? Value
  }

  /// A required positional argument (the parser has made sure it is there).
  public func required<Value>(_ argument: CommandArgument<Value>) throws -> Value {
    guard let value = self[argument] else {
      throw ShellError.missingArgument(command: command, name: argument.spec.value.placeholder)
    }
    return value
  }
}
