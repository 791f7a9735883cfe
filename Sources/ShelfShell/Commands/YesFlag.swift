/// `-y`, `--yes`: a command that asks before it removes something does not ask (declared once
/// for every such command; in a script the question is refused without it).
enum YesFlag {
  static let flag = CommandFlag(["-y", "--yes"], help: "do not ask first")
}
