/// A command of the shell: a type in the registry with its help, its run and its completions.
/// What it takes is declared once, in `signature`; its usage line, parsing, completion, `help`,
/// the manual page and the completion scripts all come from that declaration.
public protocol Command {
  var name: String { get }
  var aliases: [String] { get }
  /// One line for `help`.
  var summary: String { get }
  /// Its positional arguments and options.
  var signature: CommandSignature { get }
  /// Longer help: what it does, where it works.
  var discussion: String { get }
  var examples: [String] { get }
  /// Command lines that put a session where the examples make sense (`cd /toys/Dolls`); a
  /// test runs every example after them.
  var exampleSetup: [String] { get }
  /// Hidden commands (the `complete` helper) are left out of `help`.
  var isHidden: Bool { get }
  /// False for commands that take the rest of the line as it is (`complete`).
  var parsesArguments: Bool { get }

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult
  /// Candidates for the positional argument being typed (`prefix` is its unquoted text). The
  /// default offers what the argument's declared value completes to.
  func complete(argumentIndex: Int, prefix: String, in context: CommandContext) -> [Candidate]
  /// Whether Tab offers `option` after the words typed so far (a list's options only where
  /// they apply: `ls --` in /toys/Dolls offers no `--genre`). The default offers every one.
  func offers(_ option: OptionSpec, after words: [String], in context: CommandContext) -> Bool
}

extension Command {
  public var aliases: [String] { [] }
  public var discussion: String { "" }
  public var examples: [String] { [] }
  public var exampleSetup: [String] { [] }
  public var isHidden: Bool { false }
  public var parsesArguments: Bool { true }

  /// `buy [REF] [-n QTY]`, from the signature.
  public var usage: String { signature.usage(of: name) }

  public func offers(_ option: OptionSpec, after words: [String], in context: CommandContext)
    -> Bool
  { true }
  public var options: [OptionSpec] { signature.options }

  public func complete(argumentIndex: Int, prefix: String, in context: CommandContext)
    -> [Candidate]
  {
    // The last argument takes every later word when it repeats (`REF...`).
    let repeats = signature.arguments.last?.value.placeholder.hasSuffix("...") ?? false
    let index = repeats ? min(argumentIndex, signature.arguments.count - 1) : argumentIndex
    guard signature.arguments.indices.contains(index) else { return [] }
    let spec = signature.arguments[index]
    return ValueCandidates(context: context).candidates(
      for: spec.value, help: spec.help, prefix: prefix)
  }
}
