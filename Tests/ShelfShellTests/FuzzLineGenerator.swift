import Foundation
import ShelfCatalog
import ShelfShell
import ShelfTestSupport

/// Makes hostile command lines from real pieces (command names, aliases, options, paths and
/// REFs of the catalog) and hostile ones (quotes, `;`, `#`, backslashes, control characters,
/// escape sequences, odd Unicode, very long words, numbers at the edges), so that most lines
/// reach deep into a command and the rest try the parser.
struct FuzzLineGenerator {
  private var random: SplitMix64
  private let commandWords: [String]
  private let optionWords: [String]
  private let paths: [String]
  private let references: [String]
  /// Files for `import`: an export, a directory, a missing file, a data file.
  private let files: [String]

  init(random: SplitMix64, registry: CommandRegistry, catalog: Catalog, files: [String]) {
    self.random = random
    commandWords = registry.commands.flatMap { [$0.name] + $0.aliases }
    optionWords =
      registry.commands.flatMap { $0.options.flatMap(\.names) } + [
        "--json", "--", "-", "--no-such", "-yy", "--limit", "--season=1", "--quantity=",
      ]
    var paths = [
      "/", ".", "..", "../..", "-", "~", "/toys", "/stories", "/store", "/shows", "/cart",
      "/favorites", "/upnext", "/shows/1", "/shows/1/S1", "/shows/1/S1/E3", "/shows/1/S99/E99",
      "/shows/250/S1/E1", "S01E03", "S1", "E3", "/toys/../store", "//toys//", "/toys/./",
      "/nope", "/shows/-1", "/shows/0", "/shows/99999999999999999999",
    ]
    for category in catalog.toyCategories.prefix(4) {
      paths += ["/toys/\(category)", "../\(category)", category]
    }
    for toy in catalog.toys.prefix(6) { paths.append("/toys/\(toy.category)/\(toy.id)") }
    for ages in catalog.storyAgeRanges.prefix(3) { paths.append("/stories/\(ages)") }
    for story in catalog.stories.prefix(4) { paths.append("/stories/\(story.ages)/\(story.id)") }
    for category in catalog.productCategories.prefix(3) { paths.append("/store/\(category)") }
    for product in catalog.products.prefix(4) {
      paths.append("/store/\(product.category)/\(product.id)")
    }
    self.paths = paths
    var references = [
      "1", "2", "3", "12", "0", "-1", "toy:1", "toy:-3", "story:1", "product:1", "show:1",
      "show:250", "show:0", "toy:", ":", "toy:1:2", "TOY:1", "show:999999",
    ]
    references += catalog.toys.prefix(5).map(\.name)
    references += catalog.stories.prefix(3).map(\.title)
    references += catalog.products.prefix(3).map(\.name)
    self.references = references
    self.files = files
  }

  /// Pieces that try the terminal or the parser.
  private static let hostile: [String] = [
    "\u{1B}]52;c;SGVsbG8=\u{07}", "\u{1B}]0;title\u{1B}\\", "\u{1B}[31m", "\u{1B}[2J\u{1B}[H",
    "\u{1B}P1;2q\u{1B}\\", "\u{1B}", "\u{1B}[", "\u{1B}]", "\u{9B}2J", "\u{9D}0;x\u{9C}",
    "\u{85}", "\u{202E}", "\u{2066}x\u{2069}", "\u{202A}", "\u{200F}", "\u{2028}", "\u{0}",
    "\u{7}", "\u{8}", "\r", "\u{7F}", "\u{1A}", "\u{18}", "\t", "\u{FEFF}", "\u{FFFD}",
    "\u{FFFE}", "\u{10FFFF}", "\u{301}", "e\u{301}\u{301}\u{301}", "👩‍👩‍👧", "🇫🇷", "漢字",
    "\u{200D}", "İ", "ß", "ﬃ", "Ω", "١٢٣", "²", "½", "\\", "\\\\", "'", "\"", "''", "\"\"",
    "';'", "\";\"", ";", ";;", " ; ", "#", " #x", "\\;", "\\#", "\\ ", "$(id)", "`id`",
    "%s%n", "../../../../etc/passwd", "*", "?", "~root",
  ]

  private static let numbers = [
    "0", "-0", "1", "-1", "999", "1000", "1,000", "+5", "00001", "0x10", "1e9", "1.5", "NaN",
    "2147483647", "2147483648", "-2147483649", "9223372036854775807", "9223372036854775808",
    "-9223372036854775808", "-9223372036854775809", "99999999999999999999999999",
  ]

  mutating func line() -> String {
    var statements: [String] = []
    let count = random.chance(85) ? 1 : Int.random(in: 2...4, using: &random)
    for _ in 0..<count { statements.append(statement()) }
    var line = statements.joined(separator: random.pick([";", " ; ", ";", "\n", ";;"]))
    if random.chance(5) { line = mutate(line) }
    if random.chance(3) { line += random.pick([" #", "#", " \\", "\\", " '", " \""]) }
    if random.chance(2) { line = " \t" + line + "  " }
    return line
  }

  private mutating func statement() -> String {
    var words = [commandWord()]
    let argumentCount = Int.random(in: 0...(random.chance(90) ? 2 : 6), using: &random)
    for _ in 0..<argumentCount { words.append(argument()) }
    return words.joined(separator: random.chance(95) ? " " : random.pick(["  ", "\t", " \t "]))
  }

  private mutating func commandWord() -> String {
    let word = random.pick(commandWords)
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<88: return word
    case 88..<91: return word.uppercased()
    case 91..<94: return String(word.prefix(Int.random(in: 1...max(1, word.count), using: &random)))
    case 94..<96: return word + random.pick(Self.hostile)
    case 96..<97: return random.pick(Self.hostile) + word
    case 97..<98: return quoted(word)
    default: return hostileWord()
    }
  }

  private mutating func argument() -> String {
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<22: return random.pick(paths)
    case 22..<42: return quoted(random.pick(references))
    case 42..<56: return random.pick(optionWords)
    case 56..<66: return random.pick(Self.numbers)
    case 66..<70: return quoted(random.pick(files))
    case 70..<85: return hostileWord()
    case 85..<88: return longWord()
    default: return random.pick(paths) + random.pick(Self.hostile) + random.pick(Self.numbers)
    }
  }

  /// A word made of a few hostile pieces and letters.
  private mutating func hostileWord() -> String {
    var word = ""
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      switch Int.random(in: 0..<4, using: &random) {
      case 0: word += random.pick(Self.hostile)
      case 1: word += random.pick(["a", "toy", "Dolls", "S1", "show", "x y", "é", "-"])
      case 2: word += String(Character(randomScalar()))
      default: word += random.pick(Self.numbers)
      }
    }
    return word
  }

  /// Any scalar, weighted towards control characters, C1 and formatting characters.
  private mutating func randomScalar() -> Unicode.Scalar {
    let ranges: [ClosedRange<UInt32>] = [
      0x00...0x1F, 0x7F...0x9F, 0x200B...0x206F, 0x20...0x7E, 0xA0...0xD7FF, 0xE000...0x10FFFF,
    ]
    let range = random.pick(ranges)
    return Unicode.Scalar(UInt32.random(in: range, using: &random)) ?? "?"
  }

  /// A word up to past the line limit.
  private mutating func longWord() -> String {
    let length = random.pick([
      255, 256, 1000, 1001, 4096, 8200, Int.random(in: 1...3000, using: &random),
    ])
    let unit = random.pick(["a", "é", "漢", "\u{1B}[1m", "\u{202E}", "9", "/", "\\"])
    return String(repeating: unit, count: length / max(1, unit.utf8.count))
  }

  private mutating func quoted(_ text: String) -> String {
    switch Int.random(in: 0..<10, using: &random) {
    case 0: return "'" + text + "'"
    case 1: return "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    case 2: return text.replacingOccurrences(of: " ", with: "\\ ")
    case 3: return "\"" + text
    default: return text.contains(" ") ? "\"" + text + "\"" : text
    }
  }

  /// Cuts, repeats or swaps a piece of the line.
  private mutating func mutate(_ line: String) -> String {
    var scalars = Array(line.unicodeScalars)
    guard !scalars.isEmpty else { return line }
    let at = Int.random(in: 0..<scalars.count, using: &random)
    switch Int.random(in: 0..<4, using: &random) {
    case 0: scalars.removeSubrange(at...)
    case 1: scalars.insert(randomScalar(), at: at)
    case 2: scalars[at] = randomScalar()
    default: scalars.insert(contentsOf: scalars[at...].prefix(40), at: at)
    }
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars)
    return String(view)
  }
}
