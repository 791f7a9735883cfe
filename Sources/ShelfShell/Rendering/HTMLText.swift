/// Renders the small HTML of story pages and show summaries as styled paragraphs: headings,
/// paragraphs, list items, line breaks, bold and italic. Everything else (scripts, styles,
/// unknown tags, attributes) is dropped; entities are decoded.
enum HTMLText {
  /// `.line` is a line of a paragraph that ends in `<br>`: a line break, not a paragraph
  /// break, so verses keep their stanza shape.
  enum Kind: Equatable { case heading, title, paragraph, item, line }

  struct Paragraph: Equatable {
    var kind: Kind
    var text: StyledText
  }

  /// With `marksEmphasis` (story pages), `<em>`/`<strong>` become `.emphasis`/`.strong`, which
  /// stay visible without colours; otherwise (show summaries) plain italic and bold.
  static func paragraphs(_ html: String, marksEmphasis: Bool = false) -> [Paragraph] {
    var parser = Parser(marksEmphasis: marksEmphasis)
    parser.run(html)
    return parser.finished
  }

  /// The text of all paragraphs, one per line, without styles.
  static func plainText(_ html: String) -> String {
    paragraphs(html).map(\.text.plainText).joined(separator: "\n")
  }

  private struct Parser {
    let marksEmphasis: Bool
    var finished: [Paragraph] = []
    var current = StyledText()
    var kind = Kind.paragraph
    var bold = 0
    var italic = 0
    var skipping: String?
    var pendingSpace = false

    mutating func run(_ html: String) {
      var index = html.startIndex
      while index < html.endIndex {
        let character = html[index]
        if character == "<", let close = html[index...].firstIndex(of: ">") {
          tag(String(html[html.index(after: index)..<close]))
          index = html.index(after: close)
          continue
        }
        if skipping == nil {
          if character == "&", let semicolon = html[index...].prefix(10).firstIndex(of: ";") {
            let name = String(html[html.index(after: index)..<semicolon])
            if let decoded = Self.entity(name) {
              text(String(decoded))
              index = html.index(after: semicolon)
              continue
            }
          }
          text(String(character))
        }
        index = html.index(after: index)
      }
      flush()
    }

    mutating func text(_ piece: String) {
      for character in piece {
        if character.isWhitespace {
          pendingSpace = !current.isEmpty
          continue
        }
        if pendingSpace {
          // The space belongs to the run before it, so styled runs keep their words together.
          current.spans[current.spans.count - 1].text.append(" ")
          pendingSpace = false
        }
        if let last = current.spans.last, last.style == style {
          current.spans[current.spans.count - 1].text.append(character)
        } else {
          current.append(String(character), style)
        }
      }
    }

    var style: TextStyle {
      if kind == .heading || kind == .title { return .heading }
      if bold > 0 { return marksEmphasis ? .strong : .bold }
      if italic > 0 { return marksEmphasis ? .emphasis : .italic }
      return .plain
    }

    mutating func flush() {
      if !current.isEmpty { finished.append(Paragraph(kind: kind, text: current)) }
      current = StyledText()
      pendingSpace = false
      kind = .paragraph
    }

    mutating func tag(_ raw: String) {
      let isClosing = raw.hasPrefix("/")
      let name = raw.drop(while: { $0 == "/" }).prefix(while: { $0.isLetter || $0.isNumber })
        .lowercased()
      if let skipped = skipping {
        if isClosing && name == skipped { skipping = nil }
        return
      }
      switch name {
      case "script", "style", "head":
        if !isClosing { skipping = name }
      case "h1":
        flush()
        if !isClosing { kind = .title }
      case "h2", "h3", "h4", "h5", "h6":
        flush()
        if !isClosing { kind = .heading }
      case "p", "div", "ul", "ol", "blockquote":
        flush()
      case "li":
        flush()
        if !isClosing { kind = .item }
      case "br":
        if kind == .paragraph, !current.isEmpty {
          finished.append(Paragraph(kind: .line, text: current))
          current = StyledText()
          pendingSpace = false
        } else {
          flush()
        }
      case "b", "strong":
        bold = max(0, bold + (isClosing ? -1 : 1))
      case "i", "em":
        italic = max(0, italic + (isClosing ? -1 : 1))
      default:
        break
      }
    }

    static func entity(_ name: String) -> Character? {
      switch name {
      case "amp": return "&"
      case "lt": return "<"
      case "gt": return ">"
      case "quot": return "\""
      case "apos", "#39": return "'"
      case "nbsp": return " "
      case "mdash": return "—"
      case "ndash": return "–"
      case "hellip": return "…"
      case "rsquo": return "’"
      case "lsquo": return "‘"
      case "rdquo": return "”"
      case "ldquo": return "“"
      default:
        if name.hasPrefix("#x"), let code = UInt32(name.dropFirst(2), radix: 16) {
          return Unicode.Scalar(code).map(Character.init)
        }
        if name.hasPrefix("#"), let code = UInt32(name.dropFirst()) {
          return Unicode.Scalar(code).map(Character.init)
        }
        return nil
      }
    }
  }
}
