// shelf-fetch: the network helper of shelf. shelf starts it on its first network request and
// sends it request lines on stdin; it answers each on stdout as soon as it is done, several at
// once, in the framing of `HelperProtocol` (ShelfTV). It ends when its stdin ends. It uses
// libcurl directly, with a total deadline per request and connections kept open between
// requests.
//
// `shelf-fetch [--timeout SECONDS] URL` performs one GET and prints the answer in the same
// framing, for trying it by hand.
import CCurl
import Foundation
import ShelfTV

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes whole answers to stdout, one at a time; ends the program when shelf is gone.
final class AnswerWriter: @unchecked Sendable {
  private let lock = NSLock()

  func deliver(_ data: Data) {
    lock.lock()
    defer { lock.unlock() }
    let written = data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
      guard let base = bytes.baseAddress else { return true }
      var offset = 0
      while offset < bytes.count {
        let count = write(1, base + offset, bytes.count - offset)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        offset += count
      }
      return true
    }
    if !written { exit(0) }
  }
}

/// libcurl handles kept between requests, so that their connections are reused.
final class HandlePool: @unchecked Sendable {
  private let lock = NSLock()
  private var idle: [UnsafeMutableRawPointer] = []

  func take() -> UnsafeMutableRawPointer? {
    lock.lock()
    defer { lock.unlock() }
    return idle.popLast() ?? shelf_curl_handle()
  }

  func give(_ handle: UnsafeMutableRawPointer) {
    lock.lock()
    defer { lock.unlock() }
    idle.append(handle)
  }
}

/// Performs one GET with a handle from the pool.
func fetch(_ request: HelperProtocol.Request, pool: HandlePool) -> HelperProtocol.Answer {
  guard let handle = pool.take() else {
    return HelperProtocol.Answer(
      id: request.id,
      result: .failure(TransportFailure(kind: .noConnection, detail: "libcurl did not start")))
  }
  defer { pool.give(handle) }
  var result = shelf_fetch_result()
  let milliseconds = max(1, Int((request.timeout * 1000).rounded(.up)))
  let code = shelf_curl_get(
    handle, request.url, milliseconds, HelperProtocol.maximumLength - 65536, &result)
  defer { shelf_fetch_result_free(&result) }
  guard code == CURLE_OK else {
    return HelperProtocol.Answer(id: request.id, result: .failure(failure(code, result)))
  }
  let head =
    result.head.map {
      String(decoding: UnsafeBufferPointer(start: $0, count: result.head_length), as: UTF8.self)
    } ?? ""
  var headers: [String: String] = [:]
  for line in head.split(whereSeparator: \.isNewline).dropFirst() {
    guard let colon = line.firstIndex(of: ":") else { continue }
    headers[String(line[..<colon])] = line[line.index(after: colon)...]
      .trimmingCharacters(in: .whitespaces)
  }
  let body = result.body.map { Data(bytes: $0, count: result.body_length) } ?? Data()
  return HelperProtocol.Answer(
    id: request.id,
    result: .success(HTTPResponse(status: result.status, headers: headers, body: body)))
}

func failure(_ code: CURLcode, _ result: shelf_fetch_result) -> TransportFailure {
  var copy = result
  let detail = withUnsafeBytes(of: &copy.detail) { bytes in
    String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
  }
  switch code {
  case CURLE_OPERATION_TIMEDOUT:
    return TransportFailure(kind: .timedOut, detail: "no answer")
  case CURLE_COULDNT_CONNECT where result.os_error == Int(ECONNREFUSED):
    return TransportFailure(kind: .noConnection, detail: "connection refused")
  case CURLE_COULDNT_RESOLVE_HOST:
    return TransportFailure(kind: .noConnection, detail: "host not found")
  case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR:
    return TransportFailure(kind: .noConnection, detail: "the connection was lost")
  case CURLE_GOT_NOTHING, CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING:
    return TransportFailure(kind: .badResponse, detail: "an invalid HTTP answer")
  case CURLE_WRITE_ERROR:
    return TransportFailure(kind: .badResponse, detail: "an answer too large")
  default:
    return TransportFailure(
      kind: .noConnection, detail: detail.isEmpty ? "error \(code.rawValue)" : detail)
  }
}

/// Reads request lines from stdin; nil at its end.
final class RequestReader {
  private var buffer: [UInt8] = []

  func next() -> String? {
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      if let newline = buffer.firstIndex(of: 10) {
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeFirst(newline + 1)
        return line
      }
      let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return nil }
      buffer += chunk[0..<count]
      if buffer.count > 65536 { return nil }
    }
  }
}

signal(SIGPIPE, SIG_IGN)
guard shelf_curl_global_init() != 0 else { exit(3) }
let pool = HandlePool()
let writer = AnswerWriter()
var arguments = Array(CommandLine.arguments.dropFirst())
if !arguments.isEmpty {
  var timeout: TimeInterval = 15
  if arguments.count == 3, arguments[0] == "--timeout", let value = TimeInterval(arguments[1]) {
    timeout = value
    arguments.removeFirst(2)
  }
  guard arguments.count == 1,
    arguments[0].hasPrefix("http://") || arguments[0].hasPrefix("https://")
  else {
    FileHandle.standardError.write(
      Data("usage: shelf-fetch [--timeout SECONDS] http(s)://URL\n".utf8))
    exit(2)
  }
  writer.deliver(
    fetch(HelperProtocol.Request(id: 1, timeout: timeout, url: arguments[0]), pool: pool).encoded)
  exit(0)
}
let reader = RequestReader()
while let line = reader.next() {
  guard let request = HelperProtocol.Request(line: line) else { exit(2) }
  let thread = Thread { writer.deliver(fetch(request, pool: pool).encoded) }
  thread.start()
}
exit(0)
