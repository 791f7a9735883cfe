import Foundation
import ShelfDomain

/// Renders a report's screen as one JSON document (the other encoder of the same value).
public struct JSONRenderer {
  public init() {}

  /// Writes the document a piece at a time: a streamed listing (85,000 shows) row by row, any
  /// other screen at once.
  public func render(_ report: Report, into write: (String) -> Void) {
    if let document = report.document {
      write(document)
      return
    }
    guard let streamed = report.screen as? any StreamedJSONScreen else {
      if let text = render(report) { write(text) }
      return
    }
    let encoder = JSONCoding.encoder()
    let cutting = report.screen.cutsLongFields
    do {
      try streamed.writeJSON(write) { value in
        let data = try encoder.encode(AnyEncodable(value))
        return JSONText.safe(String(decoding: data, as: UTF8.self), cutting: cutting)
      }
      write("\n")
    } catch {
      write("\n")
    }
  }

  public func render(_ report: Report) -> String? {
    if let document = report.document { return document }
    guard let encoded = try? JSONCoding.encoder().encode(AnyEncodable(report.screen)) else {
      return nil
    }
    let json = String(decoding: encoded, as: UTF8.self)
    return JSONText.safe(json, cutting: report.screen.cutsLongFields) + "\n"
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
