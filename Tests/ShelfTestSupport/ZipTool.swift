import Foundation
import XCTest

/// The system's Info-ZIP `zip`, to make real archives in tests (the way users' exports are
/// made by other programs). A test that needs it is skipped where it is not installed.
public enum ZipTool {
  public static let path = "/usr/bin/zip"

  /// Archives `names` (paths relative to `folder`, folders recursively) into `archive`, with
  /// `options` (`-0` stored, `-fz` ZIP64, `-P PASSWORD` encrypted).
  public static func zip(
    _ names: [String], in folder: URL, to archive: URL, options: [String] = []
  ) throws {
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw XCTSkip("\(path) is not installed")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.currentDirectoryURL = folder
    process.arguments = ["-q", "-r", "-X"] + options + [archive.path] + names
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw NSError(
        domain: "ZipTool", code: Int(process.terminationStatus),
        userInfo: [NSLocalizedDescriptionKey: "zip failed with status \(process.terminationStatus)"]
      )
    }
  }
}
