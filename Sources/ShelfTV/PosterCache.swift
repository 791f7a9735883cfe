import Foundation

/// Show posters kept on disk after their first download, so they can be drawn offline.
///
/// A poster is stored under a name derived from its URL (the FNV-1a 64-bit hash in hex, plus
/// the URL's extension), written atomically, and never fetched again.
public final class PosterCache {
  public let directory: URL
  public let client: TVMazeClient

  public init(directory: URL, client: TVMazeClient) {
    self.directory = directory
    self.client = client
  }

  /// The cache directory: `$XDG_CACHE_HOME/shelf/posters`, else `~/.cache/shelf/posters`
  /// (on macOS `~/Library/Caches/shelf/posters`). `HOME` is taken from `environment` first.
  public static func directory(environment: [String: String]) -> URL {
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return URL(fileURLWithPath: cache, isDirectory: true)
        .appendingPathComponent("shelf/posters", isDirectory: true)
    }
    let home: URL
    if let value = environment["HOME"], value.hasPrefix("/") {
      home = URL(fileURLWithPath: value, isDirectory: true)
    } else {
      home = FileManager.default.homeDirectoryForCurrentUser
    }
    #if os(macOS)
      return home.appendingPathComponent("Library/Caches/shelf/posters", isDirectory: true)
    #else
      return home.appendingPathComponent(".cache/shelf/posters", isDirectory: true)
    #endif
  }

  /// The cached file for that poster URL if it has been downloaded; never uses the network.
  public func cachedFile(for url: String) -> URL? {
    guard Self.httpURL(url) != nil else { return nil }
    let file = fileURL(for: url)
    let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
    guard let size = attributes?[.size] as? NSNumber, size.intValue > 0 else { return nil }
    return file
  }

  /// The cached file for that poster URL, downloading it first if it is not cached yet.
  /// Throws `TVCacheError.unsupportedURL` for anything but an absolute http(s) URL,
  /// `TVMazeError` when the download fails and `TVCacheError.unwritable` when it cannot be
  /// stored.
  public func poster(for url: String) throws -> URL {
    guard let remote = Self.httpURL(url) else {
      throw TVCacheError(kind: .unsupportedURL, path: url)
    }
    if let file = cachedFile(for: url) { return file }
    let data = try client.download(remote)
    guard !data.isEmpty else {
      throw TVMazeError(kind: .badResponse, url: url, detail: "an empty image")
    }
    let file = fileURL(for: url)
    try DurableFile.write(data, to: file)
    return file
  }

  /// Where the poster for that URL is (or would be) stored.
  public func fileURL(for url: String) -> URL {
    directory.appendingPathComponent(Self.fileName(for: url))
  }

  /// `<FNV-1a 64 of the URL's UTF-8, 16 hex digits>[.<extension>]`, e.g.
  /// `af63bd4c8601b7be.jpg`. The extension is kept only when it is short and alphanumeric.
  static func fileName(for url: String) -> String {
    let hash = hex(fnv1a64(url))
    let pathExtension = URL(string: url)?.pathExtension.lowercased() ?? ""
    let isPlain =
      (1...5).contains(pathExtension.count)
      && pathExtension.unicodeScalars.allSatisfy {
        $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0)
      }
    return isPlain ? "\(hash).\(pathExtension)" : hash
  }

  /// FNV-1a, 64-bit: stable across runs and platforms (unlike `Hasher`).
  static func fnv1a64(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
  }

  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  private static func httpURL(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
    else { return nil }
    return url
  }
}
