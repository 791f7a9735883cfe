import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for tests: it binds port 0, accepts on a background
/// thread, answers each connection on its own thread (one request, then `Connection: close`;
/// or, with `keepsAlive`, request after request) and routes by the request target (path and
/// query, exactly as sent). It counts connections and the most requests answered at once.
public final class TestHTTPServer: @unchecked Sendable {
  public struct Response: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data
    /// Seconds to wait before answering (cut short when the server stops).
    public var delay: TimeInterval
    /// Seconds between the body's bytes (a server that drips its answer); 0 sends it at once.
    public var drip: TimeInterval

    public init(
      status: Int, headers: [String: String] = [:], body: Data = Data(), delay: TimeInterval = 0,
      drip: TimeInterval = 0
    ) {
      self.status = status
      self.headers = headers
      self.body = body
      self.delay = delay
      self.drip = drip
    }

    /// Accepts the request and never answers (until the server stops).
    public static var silent: Response { Response(status: 200, delay: 3600) }

    public static func json(_ body: Data, status: Int = 200) -> Response {
      Response(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    public static func status(_ status: Int, headers: [String: String] = [:]) -> Response {
      Response(status: status, headers: headers, body: Data("{}".utf8))
    }
  }

  /// Answers the `n`th request (1-based) for a target.
  public typealias Handler = @Sendable (_ n: Int) -> Response

  public let port: UInt16
  public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

  private let listener: Int32
  private let lock = NSLock()
  private var handlers: [String: Handler] = [:]
  private var counts: [String: Int] = [:]
  private var arrivals: [String] = []
  private var arrivalTimes: [TimeInterval] = []
  private var now: @Sendable () -> TimeInterval = { ProcessInfo.processInfo.systemUptime }
  private var stopped = false
  private var connections = 0
  private var inFlight = 0
  private var mostInFlight = 0
  private var keepAlive = false
  private let stopSignal = DispatchSemaphore(value: 0)
  private let acceptLoopDone = DispatchSemaphore(value: 0)

  /// Listens on `port` of 127.0.0.1; 0 (the default) picks a free port. A given port lets a
  /// test bring a server back where a stopped one (or `unusedPort()`) was.
  public init(port requested: UInt16 = 0) throws {
    let fd = socket(AF_INET, Self.streamType, 0)
    guard fd >= 0 else { throw Self.posixError("socket") }
    var yes: Int32 = 1
    _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = Self.loopback(port: requested)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(fd, 64) == 0 else {
      close(fd)
      throw Self.posixError("bind/listen")
    }
    listener = fd
    port = Self.localPort(of: fd)
    let thread = Thread { [self] in acceptLoop() }
    thread.start()
  }

  deinit {
    stop()
  }

  // MARK: - Routes

  public func route(_ target: String, _ handler: @escaping Handler) {
    lock.lock()
    defer { lock.unlock() }
    handlers[target] = handler
  }

  public func route(_ target: String, always response: Response) {
    route(target) { _ in response }
  }

  public func route(_ target: String, file: URL) throws {
    let data = try Data(contentsOf: file)
    route(target, always: .json(data))
  }

  /// Answers TARGET with a 301 to `location` on this server, as TVmaze's `/lookup/shows`
  /// answers with the show it found (`/lookup/shows?imdb=tt1553656` → `/shows/1`).
  public func redirect(_ target: String, to location: String) {
    let absolute = baseURL.absoluteString + location
    route(target, always: Response(status: 301, headers: ["Location": absolute]))
  }

  /// `GET /lookup/shows?imdb=ID` (and `?thetvdb=ID` when given) answered with a 301 to
  /// `/shows/SHOW`; other lookups find nothing (404, as TVmaze answers them).
  public func routeLookup(imdb: String?, thetvdb: Int? = nil, to show: Int) {
    if let imdb { redirect("/lookup/shows?imdb=\(imdb)", to: "/shows/\(show)") }
    if let thetvdb { redirect("/lookup/shows?thetvdb=\(thetvdb)", to: "/shows/\(show)") }
  }

  /// How many requests arrived for that target.
  public func requestCount(_ target: String) -> Int {
    lock.lock()
    defer { lock.unlock() }
    return counts[target, default: 0]
  }

  /// Connections accepted so far.
  public var connectionCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return connections
  }

  /// The most requests that were being answered at the same moment.
  public var mostConcurrentRequests: Int {
    lock.lock()
    defer { lock.unlock() }
    return mostInFlight
  }

  /// Serves several requests per connection (HTTP keep-alive) instead of closing after one.
  public var keepsAlive: Bool {
    get {
      lock.lock()
      defer { lock.unlock() }
      return keepAlive
    }
    set {
      lock.lock()
      defer { lock.unlock() }
      keepAlive = newValue
    }
  }

  /// What the arrivals are stamped with: the monotonic uptime unless a test gives the clock its
  /// client paces by (a clock where waiting costs nothing), so that windows of that clock count.
  public var timeSource: @Sendable () -> TimeInterval {
    get {
      lock.lock()
      defer { lock.unlock() }
      return now
    }
    set {
      lock.lock()
      defer { lock.unlock() }
      now = newValue
    }
  }

  /// The most requests that arrived within any `window` seconds (by `timeSource`).
  public func mostRequests(within window: TimeInterval) -> Int {
    lock.lock()
    let times = arrivalTimes.sorted()
    lock.unlock()
    var most = 0
    var first = 0
    for (index, time) in times.enumerated() {
      while time - times[first] >= window { first += 1 }
      most = max(most, index - first + 1)
    }
    return most
  }

  /// Every target requested so far, in order of arrival.
  public var targets: [String] {
    lock.lock()
    defer { lock.unlock() }
    return arrivals
  }

  /// Stops accepting, closes the listening socket and cuts delayed answers short.
  public func stop() {
    lock.lock()
    let wasStopped = stopped
    stopped = true
    lock.unlock()
    guard !wasStopped else { return }
    _ = shutdown(listener, Int32(SHUT_RDWR))
    acceptLoopDone.wait()
    close(listener)
    // Wake every handler waiting out a delay (generously: one signal per possible waiter).
    for _ in 0..<64 { stopSignal.signal() }
  }

  /// A port on 127.0.0.1 where nothing listens: bound, then closed at once.
  public static func unusedPort() throws -> UInt16 {
    let fd = socket(AF_INET, streamType, 0)
    guard fd >= 0 else { throw posixError("socket") }
    var address = loopback(port: 0)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    defer { close(fd) }
    guard bound == 0 else { throw posixError("bind") }
    return localPort(of: fd)
  }

  // MARK: - Serving

  private var isStopped: Bool {
    lock.lock()
    defer { lock.unlock() }
    return stopped
  }

  private func acceptLoop() {
    defer { acceptLoopDone.signal() }
    while true {
      let client = accept(listener, nil, nil)
      if client < 0 {
        if errno == EINTR && !isStopped { continue }
        return
      }
      if isStopped {
        close(client)
        return
      }
      lock.lock()
      connections += 1
      lock.unlock()
      let thread = Thread { [self] in serve(client) }
      thread.start()
    }
  }

  private func serve(_ fd: Int32) {
    defer { close(fd) }
    #if canImport(Darwin)
      var yes: Int32 = 1
      _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
    #endif
    while let target = readRequestTarget(fd) {
      lock.lock()
      arrivals.append(target)
      arrivalTimes.append(now())
      counts[target, default: 0] += 1
      let n = counts[target]!
      let handler = handlers[target]
      let persistent = keepAlive
      inFlight += 1
      mostInFlight = max(mostInFlight, inFlight)
      lock.unlock()
      // A request stops counting as in flight just before its last byte goes: once the client
      // has the whole answer it may send its next request before this thread runs again.
      var counted = true
      func finish() {
        guard counted else { return }
        counted = false
        lock.lock()
        inFlight -= 1
        lock.unlock()
      }
      let answered = answer(
        handler?(n) ?? .status(404), on: fd, persistent: persistent, beforeLastByte: finish)
      finish()
      guard answered, persistent else { return }
    }
  }

  /// Sends one response; false when the server stopped first or the client went away.
  private func answer(
    _ response: Response, on fd: Int32, persistent: Bool, beforeLastByte: () -> Void
  ) -> Bool {
    if response.delay > 0 {
      if stopSignal.wait(timeout: .now() + response.delay) == .success { return false }
    }
    if isStopped { return false }
    var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
    head += "Content-Length: \(response.body.count)\r\n"
    head += persistent ? "Connection: keep-alive\r\n" : "Connection: close\r\n"
    for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) {
      head += "\(name): \(value)\r\n"
    }
    head += "\r\n"
    guard response.drip > 0, !response.body.isEmpty else {
      beforeLastByte()
      return send(fd, Data(head.utf8) + response.body)
    }
    guard send(fd, Data(head.utf8)) else { return false }
    for (index, byte) in response.body.enumerated() {
      if stopSignal.wait(timeout: .now() + response.drip) == .success { return false }
      if index == response.body.count - 1 { beforeLastByte() }
      guard send(fd, Data([byte])) else { return false }
    }
    return true
  }

  /// Reads the request line and headers; returns the request target ("/shows?page=0").
  private func readRequestTarget(_ fd: Int32) -> String? {
    var buffer = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 4096)
    let end: [UInt8] = Array("\r\n\r\n".utf8)
    while buffer.count < 65536 {
      let count = recv(fd, &chunk, chunk.count, 0)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return nil }
      buffer += chunk[0..<count]
      if buffer.count >= 4,
        (0...(buffer.count - 4)).contains(where: { Array(buffer[$0..<$0 + 4]) == end })
      {
        break
      }
    }
    guard let text = String(bytes: buffer, encoding: .utf8),
      let requestLine = text.components(separatedBy: "\r\n").first
    else { return nil }
    let parts = requestLine.split(separator: " ")
    return parts.count >= 2 ? String(parts[1]) : nil
  }

  @discardableResult
  private func send(_ fd: Int32, _ data: Data) -> Bool {
    #if canImport(Darwin)
      let flags: Int32 = 0
    #else
      let flags = Int32(MSG_NOSIGNAL)
    #endif
    return data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Bool in
      guard let base = buffer.baseAddress else { return true }
      var offset = 0
      while offset < buffer.count {
        let sent = Foundation.send(fd, base + offset, buffer.count - offset, flags)
        if sent < 0 && errno == EINTR { continue }
        guard sent > 0 else { return false }
        offset += sent
      }
      return true
    }
  }

  // MARK: - Socket helpers

  #if canImport(Darwin)
    private static let streamType = SOCK_STREAM
  #else
    private static let streamType = Int32(SOCK_STREAM.rawValue)
  #endif

  private static func loopback(port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
  }

  private static func localPort(of fd: Int32) -> UInt16 {
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return UInt16(bigEndian: address.sin_port)
  }

  private static func posixError(_ call: String) -> NSError {
    NSError(
      domain: NSPOSIXErrorDomain, code: Int(errno),
      userInfo: [NSLocalizedDescriptionKey: "\(call): \(String(cString: strerror(errno)))"])
  }

  private static func reason(_ status: Int) -> String {
    switch status {
    case 200: return "OK"
    case 301: return "Moved Permanently"
    case 404: return "Not Found"
    case 429: return "Too Many Requests"
    case 500: return "Internal Server Error"
    default: return "Status"
    }
  }
}
