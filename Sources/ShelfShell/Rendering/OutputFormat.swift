/// How reports are written: a table for people (`table`, the default), or one of the formats
/// for other programs, each carrying the same fields as the JSON row (`--format`, `--json`,
/// `--csv`, `--tsv`, and `format NAME` inside the shell, as sqlite3's `.mode`).
public enum OutputFormat: String, CaseIterable, Sendable {
  case table, csv, tsv, markdown, json
}
