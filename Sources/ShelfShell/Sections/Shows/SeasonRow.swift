import Foundation
import ShelfDomain

/// One row of a show's seasons table.
struct SeasonRow: Encodable, Sendable {
  let season: Int
  let path: String
  let episodes: Int
  let firstAirdate: String?
  let lastAirdate: String?
  let watched: Int
}
