import Foundation

/// Show posters kept on disk after their first download, so they can be drawn offline.
///
/// A poster is stored under a name derived from its URL (the FNV-1a 64-bit hash in hex, plus
/// the URL's extension), written atomically, and not fetched again. Only a body that
/// `validator` accepts (one that decodes as an image) is stored. The cache holds at most
/// `capacity` bytes: beyond that the least recently used posters are removed (each use touches
/// its file's modification date).
public final class PosterCache: @unchecked Sendable {
  /// 200 MB.
  public static let defaultCapacity = 200_000_000
  /// Posters downloaded at once by `download(_:progress:)`.
  public static let concurrentDownloads = 4

  public let directory: URL
  public let client: TVMazeClient
  public let capacity: Int
  private let validator: @Sendable (Data) -> Bool
  private let trimLock = NSLock()

  /// - Parameter validator: true for a body worth keeping (the shell passes its image decoder;
  ///   the default takes any non-empty body).
  public init(
    directory: URL, client: TVMazeClient, capacity: Int = PosterCache.defaultCapacity,
    validator: @escaping @Sendable (Data) -> Bool = { !$0.isEmpty }
  ) {
    self.directory = directory
    self.client = client
    self.capacity = capacity
    self.validator = validator
  }

  /// The cached file for that poster URL if it has been downloaded; never uses the network.
  public func cachedFile(for url: String) -> URL? {
    guard Self.httpURL(url) != nil else { return nil }
    let file = fileURL(for: url)
    let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
    guard let size = attributes?[.size] as? NSNumber, size.intValue > 0 else { return nil }
    try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
    return file
  }

  /// The cached file for that poster URL, downloading it first if it is not cached yet.
  /// Throws `TVCacheError.unsupportedURL` for anything but an absolute http(s) URL,
  /// `TVMazeError` when the download fails and `TVCacheError.unwritable` when it cannot be
  /// stored.
  public func poster(for url: String) throws -> URL {
    try poster(for: url, trimming: true)
  }

  /// `trimming` false leaves the capacity check to the caller (a batch checks once at its end).
  private func poster(for url: String, trimming: Bool) throws -> URL {
    guard let remote = Self.httpURL(url) else {
      throw TVCacheError(kind: .unsupportedURL, path: url)
    }
    if let file = cachedFile(for: url) { return file }
    let data = try client.download(remote)
    guard !data.isEmpty else {
      throw TVMazeError(kind: .badResponse, url: url, detail: "an empty image")
    }
    guard validator(data) else {
      throw TVMazeError(kind: .badResponse, url: url, detail: "an image that does not decode")
    }
    let file = fileURL(for: url)
    try DurableFile.write(data, to: file)
    if trimming { trim(keeping: file) }
    return file
  }

  /// Downloads the posters of `urls` that are not cached yet, `concurrentDownloads` at a time,
  /// calling `progress(done, total)` on the calling thread first with 0 (so a slow or silent
  /// server does not leave a blank screen) and then as they finish. A poster that fails
  /// is skipped (it is drawn as its URL), and so are the rest of a host that timed out or could
  /// not be reached; Ctrl-C ends the batch with `RequestCancelled`.
  public func download(_ urls: [String], progress: (_ done: Int, _ total: Int) -> Void) throws {
    var seen = Set<String>()
    let missing = urls.filter {
      Self.httpURL($0) != nil && seen.insert($0).inserted && cachedFile(for: $0) == nil
    }
    guard !missing.isEmpty else { return }
    progress(0, missing.count)
    let workers = min(Self.concurrentDownloads, missing.count)
    let batch = PosterBatch(urls: missing, workers: workers)
    for _ in 0..<workers {
      let thread = Thread { [self] in
        while let url = batch.next() {
          do {
            _ = try poster(for: url, trimming: false)
          } catch is RequestCancelled {
            batch.cancel()
          } catch let error as TVMazeError
            where error.kind == .timedOut || error.kind == .noConnection
          {
            batch.hostFailed(url)
          } catch {
            // drawn as its URL
          }
          batch.finishOne()
        }
        batch.workerDone()
      }
      thread.start()
    }
    var reported = 0
    while true {
      let state = batch.waitForChange(after: reported)
      if state.done > reported {
        reported = state.done
        progress(reported, missing.count)
      }
      if state.finished { break }
    }
    trim()
    if batch.isCancelled { throw RequestCancelled() }
  }

  /// Removes the least recently used posters while the cache holds more than `capacity` bytes
  /// (never `keeping`, the one just stored).
  func trim(keeping: URL? = nil) {
    trimLock.lock()
    defer { trimLock.unlock() }
    let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
    guard
      let files = try? FileManager.default.contentsOfDirectory(
        at: directory, includingPropertiesForKeys: keys)
    else { return }
    var entries: [(file: URL, size: Int, used: Date)] = files.compactMap { file in
      guard let values = try? file.resourceValues(forKeys: Set(keys)), values.isRegularFile == true
      else { return nil }
      return (file, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast)
    }
    var total = entries.reduce(0) { $0 + $1.size }
    guard total > capacity else { return }
    entries.sort { $0.used < $1.used }
    for entry in entries where total > capacity {
      if entry.file.lastPathComponent == keeping?.lastPathComponent { continue }
      if (try? FileManager.default.removeItem(at: entry.file)) != nil { total -= entry.size }
    }
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
