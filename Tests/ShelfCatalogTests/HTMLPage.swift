/// A small strict HTML reader for the catalog's story pages: it checks that every element is
/// closed in order (void elements such as `<br>` and `<meta>` need no end tag), that every
/// entity is known, and collects the text of the `<h1>` and of the `<body>`.
struct HTMLPage {
  struct ParseError: Error, CustomStringConvertible {
    let description: String
  }

  private(set) var hasDoctype = false
  private(set) var elements: [String] = []
  private(set) var headings: [String] = []
  private(set) var title = ""
  private(set) var bodyText = ""

  private static let voidElements: Set<String> = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
    "track", "wbr",
  ]

  private static let entities: [String: String] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
    "mdash": "—", "ndash": "–", "hellip": "…", "lsquo": "‘", "rsquo": "’", "ldquo": "“",
    "rdquo": "”",
  ]

  /// The words of the body text: runs of non-space characters holding a letter or digit.
  var bodyWords: [Substring] {
    bodyText.split(whereSeparator: \.isWhitespace).filter {
      $0.contains { $0.isLetter || $0.isNumber }
    }
  }

  init(_ source: String) throws {
    var open: [String] = []
    var index = source.startIndex
    var headingText: String?

    func appendText(_ text: String) {
      if open.contains("body") { bodyText += text }
      if open.last == "title" { title += text }
      if headingText != nil { headingText! += text }
    }

    while index < source.endIndex {
      let character = source[index]
      if character == "<" {
        guard let close = source[index...].firstIndex(of: ">") else {
          throw ParseError(description: "unterminated tag")
        }
        let tag = source[source.index(after: index)..<close]
        index = source.index(after: close)
        if tag.hasPrefix("!") {
          if tag.lowercased().hasPrefix("!doctype html") && elements.isEmpty {
            hasDoctype = true
            continue
          }
          if tag.hasPrefix("!--") && tag.hasSuffix("--") { continue }
          throw ParseError(description: "unexpected <\(tag)>")
        }
        if tag.hasPrefix("/") {
          let name = tag.dropFirst().trimmingWhitespace().lowercased()
          guard open.last == name else {
            throw ParseError(
              description: "</\(name)> closes <\(open.last ?? "nothing")>")
          }
          open.removeLast()
          if name == "h1", let text = headingText {
            headings.append(text.collapsingWhitespace())
            headingText = nil
          }
          appendText(" ")
          continue
        }
        let selfClosing = tag.hasSuffix("/")
        let name = String(
          tag.prefix { !$0.isWhitespace && $0 != "/" }
        ).lowercased()
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        else { throw ParseError(description: "bad tag <\(tag)>") }
        elements.append(name)
        appendText(" ")
        if Self.voidElements.contains(name) || selfClosing { continue }
        open.append(name)
        if name == "h1" { headingText = "" }
      } else if character == "&" {
        guard let end = source[index...].firstIndex(of: ";"),
          source.distance(from: index, to: end) <= 10
        else { throw ParseError(description: "bare & in text") }
        let name = String(source[source.index(after: index)..<end])
        index = source.index(after: end)
        if let text = Self.entities[name] {
          appendText(text)
        } else if name.hasPrefix("#"), let code = Self.codePoint(name.dropFirst()) {
          appendText(String(Character(code)))
        } else {
          throw ParseError(description: "unknown entity &\(name);")
        }
      } else {
        appendText(String(character))
        index = source.index(after: index)
      }
    }
    guard open.isEmpty else {
      throw ParseError(description: "unclosed elements \(open)")
    }
    title = title.collapsingWhitespace()
  }

  private static func codePoint(_ text: Substring) -> Unicode.Scalar? {
    let value = text.first == "x" ? UInt32(text.dropFirst(), radix: 16) : UInt32(text)
    return value.flatMap(Unicode.Scalar.init)
  }
}

extension StringProtocol {
  fileprivate func trimmingWhitespace() -> String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }

  fileprivate func collapsingWhitespace() -> String {
    split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
