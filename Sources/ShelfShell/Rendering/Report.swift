/// What a command shows: one screen value, which `--json` encodes and the text renderer lays
/// out, plus notes shown before it in text only ("Removed … from the cart.").
public struct Report: Sendable {
  public var screen: any Screen
  public var notes: [Block]

  public init(_ screen: any Screen, notes: [Block] = []) {
    self.screen = screen
    self.notes = notes
  }

  /// Whether the report is printed while it is made (a streamed listing).
  public var isStreamed: Bool {
    if screen is any StreamedJSONScreen || screen.isStreamed { return true }
    return notes.contains {
      if case .stream = $0 { return true }
      return false
    }
  }

  /// The blocks the text renderer lays out.
  public var blocks: [Block] { notes + screen.blocks }

  /// The list tables among its blocks (a table or stream whose columns show JSON keys), or nil
  /// when it has none: what is printed with headers off.
  public var listBlocks: [Block]? {
    let tables = blocks.filter { !Self.keys(of: $0).isEmpty }
    return tables.isEmpty ? nil : tables
  }

  /// The JSON keys of its first list table, in the table's order: the columns of CSV, TSV and
  /// Markdown; nil when it has none.
  public var tableKeys: [String]? {
    blocks.lazy.map(Self.keys).first { !$0.isEmpty }
  }

  private static func keys(of block: Block) -> [String] {
    switch block {
    case .table(let table): table.keys
    case .stream(let stream): Table(columns: stream.columns, rows: []).keys
    default: []
    }
  }

  /// A one-line message, which `--json` prints as `{"message": …}`.
  public static func message(_ text: String) -> Report {
    Report(MessageScreen(message: text))
  }
}
