import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way shelf starts another program (`git`, the network helper, the pager or the
/// command after `|`): `posix_spawnp`, never through a shell, with the descriptors it is given
/// as its standard streams, every signal a shell resets back at its default action (shelf
/// catches some and ignores SIGPIPE), no signal blocked, and in the process group `group`
/// says.
public enum ChildProcess {
  /// Where the program runs, as job control sees it.
  public enum Group: Sendable {
    /// In shelf's own process group: at the terminal, Ctrl-C reaches it and it may ask for a
    /// passphrase.
    case shelfs
    /// In a process group of its own (a job, or a helper Ctrl-C must not reach).
    case own
    /// In a session of its own, without a controlling terminal: it cannot stop waiting to
    /// read from the terminal (ssh fails at once instead, as in cron).
    case session
  }

  /// Where a standard output or error goes.
  public enum Output: Sendable {
    /// Shelf's own (the terminal, a redirection).
    case inherited
    case descriptor(Int32)
    /// /dev/null.
    case discarded
  }

  /// The signals a child gets back at their default action, as a shell resets them.
  private static let defaultSignals = [
    SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGPIPE, SIGCHLD, SIGTERM, SIGHUP,
  ]

  /// Why a program could not be started: the system's error number.
  public struct StartError: Error, Equatable, Sendable {
    public let code: Int32

    /// The system's words for it (`No such file or directory`).
    public var reason: String { String(cString: strerror(code)) }
  }

  /// Starts `program` (a path, or a name found on `PATH`) with `arguments` (after the
  /// program's own name) and `environment` (nil: shelf's own). `closing` are descriptors the
  /// child closes once its streams are set. The descriptors stay the caller's to close.
  /// Returns the process id, for `waitpid`.
  public static func start(
    _ program: String, arguments: [String] = [], environment: [String: String]? = nil,
    stdin: Int32, stdout: Output = .inherited, stderr: Output = .inherited,
    closing: [Int32] = [], group: Group
  ) throws -> pid_t {
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t?
      var attributes: posix_spawnattr_t?
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, stdin, 0)
    for (output, number) in [(stdout, Int32(1)), (stderr, Int32(2))] {
      switch output {
      case .inherited: break
      case .descriptor(let descriptor):
        posix_spawn_file_actions_adddup2(&actions, descriptor, number)
      case .discarded: posix_spawn_file_actions_addopen(&actions, number, "/dev/null", O_WRONLY, 0)
      }
    }
    for descriptor in closing { posix_spawn_file_actions_addclose(&actions, descriptor) }
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in defaultSignals { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
    switch group {
    case .shelfs:
      break
    case .own:
      posix_spawnattr_setpgroup(&attributes, 0)
      flags |= POSIX_SPAWN_SETPGROUP
    case .session:
      #if os(Linux)
        flags |= newSession
      #else
        // No session of its own here: a group of its own keeps it from the terminal's signals.
        posix_spawnattr_setpgroup(&attributes, 0)
        flags |= POSIX_SPAWN_SETPGROUP
      #endif
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))

    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let status: Int32
    if let environment {
      let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
      defer { for pointer in variables { free(pointer) } }
      status = posix_spawnp(&pid, program, &actions, &attributes, argv, variables)
    } else {
      #if canImport(Darwin)
        status = posix_spawnp(&pid, program, &actions, &attributes, argv, _NSGetEnviron().pointee)
      #else
        status = posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
      #endif
    }
    guard status == 0 else { throw StartError(code: status) }
    return pid
  }

  /// A connected pair of stream sockets, both closed on exec: the parent's end (which never
  /// raises SIGPIPE; with `nonBlocking` on macOS, where a send cannot ask for it, it does not
  /// block either) and the child's, to pass to `start`.
  public static func socketPair(nonBlocking: Bool = false) throws -> (parent: Int32, child: Int32) {
    var ends: [Int32] = [-1, -1]
    #if canImport(Darwin)
      let type = SOCK_STREAM
    #else
      let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    #endif
    guard socketpair(AF_UNIX, type, 0, &ends) == 0 else { throw StartError(code: errno) }
    #if canImport(Darwin)
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      var yes: Int32 = 1
      _ = setsockopt(ends[0], SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
      if nonBlocking { _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK) }
    #endif
    return (ends[0], ends[1])
  }

  /// glibc's `POSIX_SPAWN_SETSID` (spawn.h, under `_GNU_SOURCE`, which Swift's import leaves out).
  private static let newSession: Int32 = 0x80
}
