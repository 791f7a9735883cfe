import Foundation
import ShelfFiles

/// Decodes the show list (`GET /shows` format: a JSON array of shows) from the shipped
/// snapshot or the local copy written by `refresh`.
public enum ShowList {
  public static func decode(_ data: Data) throws -> [Show] {
    try JSONDecoder().decode([Show].self, from: data)
  }

  public static func load(from url: URL) throws -> [Show] {
    try decode(SmallFile.read(url.path, limit: 512 << 20))
  }
}
