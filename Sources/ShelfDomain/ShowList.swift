import Foundation

/// Decodes the show list (`GET /shows` format: a JSON array of shows): the shipped snapshot,
/// a page of the API.
public enum ShowList {
  public static func decode(_ data: Data) throws -> [Show] {
    try JSONDecoder().decode([Show].self, from: data)
  }
}
