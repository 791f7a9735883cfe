import Foundation
import ShelfCatalog
import ShelfFiles

/// A show list in TVmaze's `/shows` JSON format on disk: the snapshot shipped in `catalog/`,
/// or the copy an older shelf kept.
enum ShowListFile {
  static func read(_ url: URL) throws -> [Show] {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw TVCacheError(kind: .unreadable, path: url.path, detail: FileError.systemReason(error))
    }
    do {
      return try ShowList.decode(data)
    } catch let error as DecodingError {
      throw TVCacheError(kind: .corrupt, path: url.path, detail: TVMazeClient.describe(error))
    }
  }
}
