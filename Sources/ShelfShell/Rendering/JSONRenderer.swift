import Foundation
import ShelfCatalog

/// Renders a report's screen as one JSON document (the other encoder of the same value).
public struct JSONRenderer {
  public init() {}

  public func render(_ report: Report) -> String? {
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
