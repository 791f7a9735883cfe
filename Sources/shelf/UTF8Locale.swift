import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The character set libedit decodes keys and lines with (LC_CTYPE). It must be UTF-8: in the
/// C locale (`LANG=C`, no locale at all, as in many containers) libedit drops every byte above
/// ASCII, so a typed `café` would run as `caf`. The user's own locale is kept when it is UTF-8;
/// otherwise a UTF-8 one the system has is chosen, for character types only.
enum UTF8Locale {
  static let fallbacks = ["C.UTF-8", "C.utf8", "en_US.UTF-8", "UTF-8"]

  /// Sets LC_CTYPE to a UTF-8 locale; nil when done, else why it could not be.
  static func activate() -> String? {
    if setlocale(LC_CTYPE, "") != nil, isUTF8 { return nil }
    for name in fallbacks where setlocale(LC_CTYPE, name) != nil && isUTF8 {
      return nil
    }
    setlocale(LC_CTYPE, "")
    return "no UTF-8 locale is installed (tried \(fallbacks.joined(separator: ", "))): "
      + "letters beyond ASCII cannot be typed"
  }

  private static var isUTF8: Bool {
    guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
    let name = String(cString: codeset).uppercased()
    return name == "UTF-8" || name == "UTF8"
  }
}
