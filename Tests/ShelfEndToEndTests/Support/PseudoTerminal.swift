// Linux only: posix_spawn file actions, /proc and the pty calls are written for glibc.
#if os(Linux)
  import Foundation
  import XCTest

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  struct PseudoTerminalError: Error, CustomStringConvertible {
    let description: String

    static func system(_ call: String) -> PseudoTerminalError {
      PseudoTerminalError(description: "\(call) failed: \(String(cString: strerror(errno)))")
    }
  }

  /// posix_openpt, grantpt, unlockpt and ptsname_r: glibc declares them only for XSI
  /// (`_XOPEN_SOURCE`), which the Glibc module is not built with, so they are looked up at run
  /// time.
  private enum LibC {
    typealias OpenFunction = @convention(c) (Int32) -> Int32
    typealias NameFunction = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32

    private static func symbol<Function>(_ name: String, as type: Function.Type) -> Function {
      guard let address = dlsym(nil, name) else {
        fatalError("\(name) is not in the C library")
      }
      return unsafeBitCast(address, to: type)
    }

    static func posixOpenpt(_ flags: Int32) -> Int32 {
      symbol("posix_openpt", as: OpenFunction.self)(flags)
    }
    static func grantpt(_ descriptor: Int32) -> Int32 {
      symbol("grantpt", as: OpenFunction.self)(descriptor)
    }
    static func unlockpt(_ descriptor: Int32) -> Int32 {
      symbol("unlockpt", as: OpenFunction.self)(descriptor)
    }
    static func ptsnameR(
      _ descriptor: Int32, _ buffer: UnsafeMutablePointer<CChar>, _ length: Int
    ) -> Int32 {
      symbol("ptsname_r", as: NameFunction.self)(descriptor, buffer, length)
    }
  }

  /// A second pseudo-terminal, as a device to redirect into: its slave's path, and what was
  /// written there read from the master.
  final class SpareTerminal {
    let path: String
    private let master: Int32

    init() throws {
      let master = LibC.posixOpenpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
      guard master >= 0 else { throw PseudoTerminalError.system("posix_openpt") }
      var name = [CChar](repeating: 0, count: 128)
      guard LibC.grantpt(master) == 0, LibC.unlockpt(master) == 0,
        LibC.ptsnameR(master, &name, name.count) == 0
      else {
        close(master)
        throw PseudoTerminalError.system("grantpt, unlockpt or ptsname")
      }
      self.master = master
      path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit { close(master) }

    /// What has arrived within `timeout` seconds.
    func read(timeout: TimeInterval) -> String {
      var bytes: [UInt8] = []
      var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      while poll(&descriptor, 1, Int32(timeout * 1000)) > 0 {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = Glibc.read(master, &chunk, chunk.count)
        guard count > 0 else { break }
        bytes.append(contentsOf: chunk[0..<count])
      }
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  /// The shell running on a real pseudo-terminal: the slave side is its stdin, stdout and
  /// stderr and (through `setsid -c`) its controlling terminal, so Ctrl-C raises SIGINT. The
  /// test writes keystrokes to the master side and reads what the terminal would show.
  final class PseudoTerminalSession {
    static let columns = 100
    static let rows = 30

    /// The shell's process id (setsid execs it in place).
    let pid: pid_t
    /// The process that reads the keys: the shell, or the one a parent shell started on this
    /// terminal.
    var readerPID: pid_t
    private var exitStatus: Int32?
    private let master: Int32
    private(set) var bytes: [UInt8] = []
    private var closed = false
    /// Window size changes: how many bytes had arrived, and the new width.
    private var widthChanges: [(byteCount: Int, columns: Int)] = []

    init(binary: URL, arguments: [String], environment: [String: String]) throws {
      let master = LibC.posixOpenpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
      guard master >= 0 else { throw PseudoTerminalError.system("posix_openpt") }
      do {
        let slave = try Self.openSlave(master: master)
        defer { close(slave) }
        pid = try Self.launch(
          binary: binary, arguments: arguments, environment: environment, slave: slave)
        readerPID = pid
      } catch {
        close(master)
        throw error
      }
      self.master = master
    }

    /// Sets the size and opens the slave side.
    private static func openSlave(master: Int32) throws -> Int32 {
      guard LibC.grantpt(master) == 0 else { throw PseudoTerminalError.system("grantpt") }
      guard LibC.unlockpt(master) == 0 else { throw PseudoTerminalError.system("unlockpt") }
      var name = [CChar](repeating: 0, count: 128)
      guard LibC.ptsnameR(master, &name, name.count) == 0 else {
        throw PseudoTerminalError.system("ptsname")
      }
      var size = winsize(
        ws_row: UInt16(Self.rows), ws_col: UInt16(Self.columns), ws_xpixel: 0, ws_ypixel: 0)
      guard ioctl(master, UInt(TIOCSWINSZ), &size) == 0 else {
        throw PseudoTerminalError.system("ioctl(TIOCSWINSZ)")
      }
      let slave = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
      guard slave >= 0 else {
        let path = String(
          decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw PseudoTerminalError.system("open(\(path))")
      }
      return slave
    }

    /// Spawns `setsid -c shelf …` with the slave as stdin, stdout and stderr. posix_spawn rather
    /// than Foundation's Process: Process makes the child a process-group leader, so setsid
    /// would fork and the shell would not be the process the test waits for and kills.
    private static func launch(
      binary: URL, arguments: [String], environment: [String: String], slave: Int32
    ) throws -> pid_t {
      var environment = environment
      environment["TERM"] = "xterm"
      environment["COLUMNS"] = String(Self.columns)
      environment["LINES"] = String(Self.rows)
      let argv = ["/usr/bin/setsid", "-c", binary.path] + arguments
      let envp = environment.map { "\($0.key)=\($0.value)" }

      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      for target in Int32(0)...2 {
        posix_spawn_file_actions_adddup2(&actions, slave, target)
      }
      var attributes = posix_spawnattr_t()
      posix_spawnattr_init(&attributes)
      defer { posix_spawnattr_destroy(&attributes) }
      var noSignals = sigset_t()
      sigemptyset(&noSignals)
      var defaults = sigset_t()
      sigemptyset(&defaults)
      for signal in [SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGHUP, SIGCHLD, SIGWINCH, SIGTSTP] {
        sigaddset(&defaults, signal)
      }
      posix_spawnattr_setsigmask(&attributes, &noSignals)
      posix_spawnattr_setsigdefault(&attributes, &defaults)
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

      var pid: pid_t = 0
      let status = withCStrings(argv) { argvPointers in
        withCStrings(envp) { envPointers in
          posix_spawn(&pid, argv[0], &actions, &attributes, argvPointers, envPointers)
        }
      }
      guard status == 0 else {
        errno = status
        throw PseudoTerminalError.system("posix_spawn(\(argv[0]))")
      }
      return pid
    }

    private static func withCStrings<Result>(
      _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
    ) -> Result {
      var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
      pointers.append(nil)
      defer { for pointer in pointers { free(pointer) } }
      return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    deinit {
      stop()
    }

    /// Kills the shell if it is still running and closes the terminal.
    func stop() {
      if isRunning {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        exitStatus = 128 + SIGKILL
      }
      if !closed {
        closed = true
        close(master)
      }
    }

    /// Reaps the shell when it has exited.
    var isRunning: Bool {
      guard exitStatus == nil else { return false }
      var status: Int32 = 0
      let result = waitpid(pid, &status, WNOHANG)
      if result == pid {
        // WIFEXITED / WEXITSTATUS / WTERMSIG by hand: the macros are not imported.
        let signal = status & 0x7F
        exitStatus = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        return false
      }
      if result < 0 && errno == ECHILD {
        exitStatus = -1
        return false
      }
      return true
    }

    /// Everything the shell wrote so far, as raw text with the escape sequences removed.
    var plainText: String { strippingANSI(String(decoding: bytes, as: UTF8.self)) }

    /// What the terminal shows (at each width the window had).
    var screen: TerminalScreen {
      var screen = TerminalScreen(width: Self.columns, height: Self.rows)
      var start = 0
      for change in widthChanges {
        screen.feed(String(decoding: bytes[start..<change.byteCount], as: UTF8.self))
        screen.resize(width: change.columns)
        start = change.byteCount
      }
      screen.feed(String(decoding: bytes[start...], as: UTF8.self))
      return screen
    }

    /// Changes the window size, as a person dragging the window's edge: the kernel sends
    /// SIGWINCH to the shell.
    func resize(columns: Int, rows: Int = PseudoTerminalSession.rows) throws {
      while pump(timeout: 0.05) {}  // what was drawn at the old width
      var size = winsize(
        ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
      guard ioctl(master, UInt(TIOCSWINSZ), &size) == 0 else {
        throw PseudoTerminalError.system("ioctl(TIOCSWINSZ)")
      }
      widthChanges.append((bytes.count, columns))
    }

    /// The terminal's foreground process group (the shell's own pid while it reads a line, a
    /// job's while one runs); a tcgetpgrp on the master reports the slave's on Linux.
    var foregroundGroup: pid_t { tcgetpgrp(master) }

    /// Whether the terminal is in libedit's raw mode (no canonical input, no echo). A tcgetattr
    /// on the master reports the slave's settings on Linux.
    var isRaw: Bool {
      var settings = termios()
      guard tcgetattr(master, &settings) == 0 else { return false }
      return settings.c_lflag & tcflag_t(ICANON) == 0 && settings.c_lflag & tcflag_t(ECHO) == 0
    }

    /// Whether the reader is blocked waiting for its standard input: in read(2) on it, or in
    /// pselect(2) on it alone (the line editor, which waits for a key or a signal), from
    /// /proc/<pid>/syscall (the syscall number, then the arguments); nil when that cannot be
    /// told (no procfs, another architecture).
    var isWaitingForInput: Bool? {
      #if arch(x86_64)
        let (readCall, pselectCall) = ("0", "270")
      #elseif arch(arm64)
        let (readCall, pselectCall) = ("63", "72")
      #else
        return nil
      #endif
      let descriptor = open("/proc/\(readerPID)/syscall", O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return nil }
      defer { close(descriptor) }
      var buffer = [UInt8](repeating: 0, count: 256)
      let count = read(descriptor, &buffer, buffer.count)
      guard count > 0 else { return nil }
      let fields = String(decoding: buffer[0..<count], as: UTF8.self).split(separator: " ")
      guard fields.count > 1 else { return false }
      return (fields[0] == readCall && fields[1] == "0x0")
        || (fields[0] == pselectCall && fields[1] == "0x1")
    }

    /// Types `keys` at the line editor once it waits for them: raw mode, blocked in read.
    /// libedit prints the prompt before it switches the terminal to raw mode (in its first
    /// el_getc, with TCSADRAIN, which on a pty waits until the prompt has been read), so keys
    /// written the instant the prompt shows would be echoed by the kernel too; and a Ctrl-C
    /// should reach the shell where a person's would, while it waits for a key. (5 s at most:
    /// a failing expectation follows if it never gets there.)
    func type(_ keys: String) {
      _ = wait(timeout: 5) { $0.isRaw && ($0.isWaitingForInput ?? true) }
      send(keys)
    }

    /// Answers a question (read in canonical mode) once the shell reads its standard input.
    func answer(_ keys: String) {
      _ = wait(timeout: 5) { $0.isWaitingForInput ?? true }
      send(keys)
    }

    /// Writes `keys` at once, whatever the terminal mode (answers to questions, which are read
    /// in canonical mode).
    func send(_ keys: String) {
      var data = Array(keys.utf8)
      while !data.isEmpty {
        let written = write(master, data, data.count)
        if written < 0 {
          if errno == EINTR || errno == EAGAIN { continue }
          return
        }
        data.removeFirst(written)
      }
    }

    /// Reads whatever arrives within `timeout` seconds (at least one poll).
    @discardableResult
    func pump(timeout: TimeInterval) -> Bool {
      guard !closed else { return false }
      var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      let result = poll(&descriptor, 1, Int32(max(0, timeout * 1000)))
      guard result > 0 else { return false }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = read(master, &chunk, chunk.count)
      guard count > 0 else { return false }
      bytes.append(contentsOf: chunk[0..<count])
      return true
    }

    /// Reads until `condition` holds or `timeout` passes; true when it holds. The default is
    /// generous (it only bounds a failure) so that a loaded machine does not fail a test.
    func wait(
      timeout: TimeInterval = 20, until condition: (PseudoTerminalSession) -> Bool
    ) -> Bool {
      let deadline = Date().addingTimeInterval(timeout)
      while true {
        if condition(self) { return true }
        let left = deadline.timeIntervalSinceNow
        if left <= 0 { return false }
        if !pump(timeout: min(left, 0.05)) && !isRunning {
          // Drain what is left after the exit, then check one last time.
          while pump(timeout: 0.05) {}
          return condition(self)
        }
      }
    }

    /// Waits for the exit; nil when the shell is still running after `timeout`.
    func waitForExit(timeout: TimeInterval = 20) -> Int32? {
      let deadline = Date().addingTimeInterval(timeout)
      while isRunning && Date() < deadline {
        pump(timeout: 0.02)
      }
      guard !isRunning else { return nil }
      while pump(timeout: 0.02) {}
      return exitStatus
    }
  }
#endif
