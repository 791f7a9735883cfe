import Foundation

/// A listing laid out in the columns `--columns` chose: its JSON is the listing's own.
struct ColumnTableScreen: Screen {
  let base: any Screen
  let blocks: [Block]

  func encode(to encoder: Encoder) throws { try base.encode(to: encoder) }
  var cutsLongFields: Bool { base.cutsLongFields }
}
