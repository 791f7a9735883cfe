/// Why an image could not be decoded. `description` is a single human-readable line,
/// suitable for showing to the user as is.
public struct ImageError: Error, CustomStringConvertible, Equatable, Sendable {
  /// The broad category of failure, for callers that want to react differently.
  public enum Kind: Sendable, Equatable {
    /// The data starts with neither the PNG nor the JPEG signature.
    case unsupportedFormat
    /// libpng rejected the data.
    case corruptPNG
    /// TurboJPEG rejected the data (including truncation and decoder warnings).
    case corruptJPEG
    /// The header announces more pixels than the decoder is willing to allocate.
    case tooLarge
    /// The file could not be read.
    case unreadable
  }

  public let kind: Kind
  public let description: String

  public init(kind: Kind, description: String) {
    self.kind = kind
    self.description = description
  }

  static let unsupportedFormat = ImageError(
    kind: .unsupportedFormat, description: "not a PNG or JPEG image")

  static func corruptPNG(_ detail: String) -> ImageError {
    ImageError(kind: .corruptPNG, description: "corrupt PNG: \(oneLine(detail))")
  }

  static func corruptJPEG(_ detail: String) -> ImageError {
    ImageError(kind: .corruptJPEG, description: "corrupt JPEG: \(oneLine(detail))")
  }

  static func tooLarge(width: Int, height: Int, limit: Int) -> ImageError {
    ImageError(
      kind: .tooLarge,
      description: "image too large (\(width)x\(height), limit \(limit)x\(limit))")
  }

  static func unreadable(_ detail: String) -> ImageError {
    ImageError(kind: .unreadable, description: "cannot read image: \(oneLine(detail))")
  }

  /// Library messages are untrusted-ish text; keep the description to one line.
  private static func oneLine(_ text: String) -> String {
    let trimmed = text.split(whereSeparator: \.isNewline).joined(separator: " ")
    return trimmed.isEmpty ? "unknown error" : trimmed
  }
}
