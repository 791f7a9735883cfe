import Foundation
import ShelfDomain
import ShelfFiles

/// A show list in TVmaze's `/shows` JSON format on disk: the snapshot shipped in `catalog/`,
/// or the copy an older shelf kept.
enum ShowListFile {
  static func read(_ url: URL) throws -> [Show] {
    let data: Data
    do {
      // A regular file of bounded size: TVmaze's whole index is about 60 MiB.
      data = try SmallFile.read(url.path, limit: 512 << 20)
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
