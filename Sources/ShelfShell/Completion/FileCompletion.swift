import Foundation
import ShelfFiles

/// Candidates for a file on disk (`ls > FILE`, `>> FILE`, `import FILE`, every option that
/// takes a file): the entries of the directory typed so far, `~` being the home; a directory
/// ends in `/` with no space after it; names starting with a dot only when a dot is typed.
struct FileCompletion {
  /// What `~` means: `$HOME`.
  let home: String
  /// Most entries offered (a directory of thousands is not listed whole).
  static let limit = 500

  func candidates(for prefix: String) -> [Candidate] {
    if prefix == "~" { return [Candidate("~/", appendsSpace: false)] }
    let slash = prefix.lastIndex(of: "/")
    let directoryPart = slash.map { String(prefix[...$0]) } ?? ""
    let namePart = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
    let directory = directoryPart.isEmpty ? "." : HomePath.expand(directoryPart, home: home)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      return []
    }
    let shown = names.filter {
      $0.hasPrefix(namePart) && (namePart.hasPrefix(".") || !$0.hasPrefix("."))
    }.sorted().prefix(Self.limit)
    return shown.map { name in
      var isDirectory: ObjCBool = false
      let path = (directory as NSString).appendingPathComponent(name)
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        isDirectory.boolValue
      {
        return Candidate(directoryPart + name + "/", appendsSpace: false)
      }
      return Candidate(directoryPart + name)
    }
  }
}
