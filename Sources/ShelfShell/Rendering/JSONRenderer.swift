import Foundation
import ShelfDomain

/// Renders a report's screen as one JSON document (the other encoder of the same value): one
/// line a document for programs, or laid out for people (`pretty`, at a terminal). With
/// `columns` (`--columns`), a listing's rows keep only those keys.
public struct JSONRenderer {
  public let pretty: Bool
  public let columns: [String]?

  public init(pretty: Bool = false, columns: [String]? = nil) {
    self.pretty = pretty
    self.columns = columns
  }

  /// Writes the document a piece at a time: a streamed listing (85,000 shows) row by row, any
  /// other screen at once.
  public func render(_ report: Report, into write: (String) -> Void) {
    if let document = report.document {
      write(document)
      return
    }
    withoutActuallyEscaping(write) { write in
      var indenter = pretty ? JSONIndenter() : nil
      render(
        report,
        compactInto: { text in
          if indenter == nil { write(text) } else if let laid = indenter?.feed(text) { write(laid) }
        })
    }
  }

  /// Writes the compact document.
  private func render(_ report: Report, compactInto out: @escaping (String) -> Void) {
    guard let streamed = report.screen as? any StreamedJSONScreen else {
      if let text = render(report, laidOut: false) { out(text) }
      return
    }
    let encoder = JSONCoding.encoder()
    let cutting = report.screen.cutsLongFields
    do {
      try streamed.writeJSON(out) { value in
        let data = try picked(encoder.encode(AnyEncodable(value)))
        return JSONText.safe(String(decoding: data, as: UTF8.self), cutting: cutting)
      }
      out("\n")
    } catch {
      out("\n")
    }
  }

  public func render(_ report: Report) -> String? {
    render(report, laidOut: pretty)
  }

  private func render(_ report: Report, laidOut: Bool) -> String? {
    if let document = report.document { return document }
    guard let encoded = try? JSONCoding.encoder().encode(AnyEncodable(report.screen)) else {
      return nil
    }
    let json = String(decoding: pickedRows(encoded), as: UTF8.self)
    let safe = JSONText.safe(json, cutting: report.screen.cutsLongFields) + "\n"
    guard laidOut else { return safe }
    var indenter = JSONIndenter()
    return indenter.feed(safe)
  }

  /// A row's JSON with only the chosen keys.
  private func picked(_ row: Data) -> Data {
    guard let columns, let object = try? JSONSerialization.jsonObject(with: row) as? [String: Any]
    else { return row }
    return Self.serialized(object.filter { columns.contains($0.key) }) ?? row
  }

  /// A document whose `rows` (or which, as a list of objects) keep only the chosen keys.
  private func pickedRows(_ document: Data) -> Data {
    guard let columns, let object = try? JSONSerialization.jsonObject(with: document) else {
      return document
    }
    let keep = { (row: [String: Any]) in row.filter { columns.contains($0.key) } }
    if let rows = object as? [[String: Any]] { return Self.serialized(rows.map(keep)) ?? document }
    guard var listing = object as? [String: Any], let rows = listing["rows"] as? [[String: Any]]
    else { return document }
    listing["rows"] = rows.map(keep)
    return Self.serialized(listing) ?? document
  }

  private static func serialized(_ value: Any) -> Data? {
    try? JSONSerialization.data(
      withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes])
  }
}

private struct AnyEncodable: Encodable {
  let value: any Encodable

  init(_ value: any Encodable) {
    self.value = value
  }

  func encode(to encoder: Encoder) throws {
    try value.encode(to: encoder)
  }
}
