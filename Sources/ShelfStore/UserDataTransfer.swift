import Foundation
import ShelfCatalog

/// Export and import of the user's state: `export` writes one JSON document, `import` checks
/// a whole document before it changes anything, then merges it (adds what is missing, takes
/// the imported quantity and show data where they differ), so that a round trip through a
/// fresh data directory reproduces the state exactly.
public struct UserDataTransfer {
  public let data: UserData

  public init(data: UserData) {
    self.data = data
  }

  public func export(_ scope: UserDataExport.Scope) throws -> UserDataExport {
    var export = UserDataExport()
    if scope == .favorites || scope == .all {
      let favorites = try data.favorites.read()
      export.favorites = UserDataExport.Favorites(
        toys: favorites.toys, stories: favorites.stories, products: favorites.products,
        shows: favorites.shows)
    }
    if scope == .cart || scope == .all {
      // Names are kept for this data directory's own listing; an import takes the catalog's.
      export.cart = try data.cart.read().lines.map {
        CartLine(kind: $0.kind, id: $0.id, quantity: $0.quantity)
      }
    }
    if scope == .watched || scope == .all { export.watched = try data.watched.read().shows }
    return export
  }

  /// The export as JSON text on one line: keys sorted, every character outside ASCII
  /// written as a `\u` escape so that no terminal or pipe can alter it.
  public static func text(of export: UserDataExport) throws -> String {
    let json = String(decoding: try JSONCoding.encoder().encode(export), as: UTF8.self)
    var text = ""
    text.reserveCapacity(json.utf8.count)
    for unit in json.utf16 {
      if unit < 0x80 {
        text.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
      } else {
        let hex = String(unit, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
    }
    return text
  }

  /// Reads and checks an export; throws `ImportError` with a one-line reason.
  public static func decode(_ json: Data) throws -> UserDataExport {
    guard (try? JSONSerialization.jsonObject(with: json)) is [String: Any] else {
      throw ImportError("not a JSON object")
    }
    struct Probe: Decodable {
      var format: String?
      var version: Int?
    }
    let probe = try? JSONDecoder().decode(Probe.self, from: json)
    guard probe?.format == UserDataExport.formatName else {
      throw ImportError("not a shelf export (no \"format\": \"\(UserDataExport.formatName)\")")
    }
    guard let version = probe?.version, version >= 1 else {
      throw ImportError("the export has no format version")
    }
    guard version <= UserDataExport.currentVersion else {
      throw ImportError("written by a newer shelf (export version \(version))")
    }
    let export: UserDataExport
    do {
      export = try JSONDecoder().decode(UserDataExport.self, from: json)
    } catch let DecodingError.dataCorrupted(context) {
      throw ImportError("unexpected contents at \(path(context.codingPath))")
    } catch let DecodingError.keyNotFound(key, context) {
      throw ImportError("\(path(context.codingPath + [key])) is missing")
    } catch let DecodingError.typeMismatch(_, context) {
      throw ImportError("unexpected contents at \(path(context.codingPath))")
    } catch let DecodingError.valueNotFound(_, context) {
      throw ImportError("\(path(context.codingPath)) is missing")
    } catch {
      throw ImportError("unexpected contents")
    }
    try check(export)
    return export
  }

  /// Merges a checked export into the files.
  @discardableResult
  public func importing(_ export: UserDataExport) throws -> ImportSummary {
    var summary = ImportSummary()
    if let favorites = export.favorites {
      try data.favorites.file.update { document in
        for (kind, ids) in [
          (ItemKind.toy, favorites.toys), (.story, favorites.stories),
          (.product, favorites.products),
        ] {
          for id in ids where document.add(ItemID(kind, id)) { summary.addedFavorites += 1 }
        }
        for show in favorites.shows {
          if let index = document.shows.firstIndex(where: { $0.id == show.id }) {
            if document.shows[index] != show {
              document.shows[index] = show
              summary.changedFavorites += 1
            }
          } else {
            document.shows.append(show)
            summary.addedFavorites += 1
          }
        }
      }
    }
    if let lines = export.cart {
      try data.cart.file.update { cart in
        for line in lines {
          if let index = cart.lines.firstIndex(where: { $0.item == line.item }) {
            if cart.lines[index].quantity != line.quantity {
              cart.lines[index].quantity = line.quantity
              summary.changedCartLines += 1
            }
          } else {
            cart.lines.append(line)
            summary.addedCartLines += 1
          }
        }
      }
    }
    if let shows = export.watched {
      try data.watched.file.update { watched in
        for show in shows {
          summary.addedWatched += watched.mark(show: show.showId, episodes: show.episodes)
        }
      }
    }
    return summary
  }

  private static func check(_ export: UserDataExport) throws {
    if let favorites = export.favorites {
      for (name, ids) in [
        ("toys", favorites.toys), ("stories", favorites.stories),
        ("products", favorites.products), ("shows", favorites.shows.map(\.id)),
      ] {
        if let id = ids.first(where: { $0 < 0 }) {
          throw ImportError("favorites.\(name): bad id \(id)")
        }
        if Set(ids).count != ids.count { throw ImportError("favorites.\(name): an id twice") }
      }
    }
    if let lines = export.cart {
      for line in lines {
        guard line.kind.isBuyable, line.id >= 0 else {
          throw ImportError("cart: \(line.item) cannot be in the cart")
        }
        guard CartDocument.quantityLimit.contains(line.quantity) else {
          throw ImportError("cart: \(line.item) has quantity \(line.quantity) (1 to 999)")
        }
      }
      if Set(lines.map(\.item)).count != lines.count {
        throw ImportError("cart: an item has two lines")
      }
    }
    if let shows = export.watched {
      for show in shows where Set(show.episodes.map(\.id)).count != show.episodes.count {
        throw ImportError("watched: show \(show.showId) lists an episode twice")
      }
      if Set(shows.map(\.showId)).count != shows.count {
        throw ImportError("watched: a show is listed twice")
      }
    }
  }

  private static func path(_ keys: [CodingKey]) -> String {
    keys.isEmpty
      ? "the top level"
      : keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        .trimmingCharacters(in: CharacterSet(charactersIn: "."))
  }
}
