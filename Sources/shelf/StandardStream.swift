#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// stdout or stderr, written with write(2). A closed pipe (`shelf | head`) is not an error
/// worth a crash: the write is dropped and `isBroken` tells the loop to stop. Any other failure
/// (a full disk) is kept in `failure` so the run can end with an error.
final class StandardStream {
  let descriptor: Int32
  private(set) var isBroken = false
  private(set) var failure: String?

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  func write(_ text: String) {
    guard !isBroken, !text.isEmpty else { return }
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeMutableBytes {
        systemWrite(descriptor, $0.baseAddress! + offset, $0.count - offset)
      }
      if count < 0 {
        if errno == EINTR { continue }
        if errno != EPIPE { failure = String(cString: strerror(errno)) }
        isBroken = true
        return
      }
      offset += count
    }
  }
}

/// write(2) from the platform's C library (inside `StandardStream`, `write` names its method);
/// `ForegroundJob` writes into its pipe with it too.
func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    return Glibc.write(descriptor, bytes, count)
  #elseif canImport(Darwin)
    return Darwin.write(descriptor, bytes, count)
  #endif
}
