import Foundation
import ShelfFiles

/// The launch settings, each from the first place that gives it: the command line, then the
/// environment, then the config file, then the default. Each value remembers where it came
/// from, for `shelf --print-config`.
public struct Settings: Equatable {
  /// A value and where it came from (`default`, `environment NO_COLOR`, `--data-dir`,
  /// `/home/me/.config/shelf/config:3`).
  public struct Value: Equatable {
    public let value: String
    public let source: String

    public init(_ value: String, from source: String) {
      self.value = value
      self.source = source
    }
  }

  /// What was given on the command line (nil: not given).
  public struct CommandLine: Equatable {
    public var color: String?
    public var images: String?
    public var resume: Bool?
    public var dataDirectory: String?
    public var profile: String?

    public init(
      color: String? = nil, images: String? = nil, resume: Bool? = nil,
      dataDirectory: String? = nil, profile: String? = nil
    ) {
      self.color = color
      self.images = images
      self.resume = resume
      self.dataDirectory = dataDirectory
      self.profile = profile
    }
  }

  public static let defaultPager = "less -R"
  public static let defaultTVMazeURL = "https://api.tvmaze.com"

  /// `auto`, `always` or `never`.
  public let color: Value
  /// `auto`, `blocks` or `none`.
  public let images: Value
  public let pager: Value
  /// `yes`, `no`, or `auto` (yes at a terminal, no in scripts).
  public let resume: Value
  public let tvmazeURL: Value
  /// Empty when no data directory was chosen: the XDG default applies.
  public let dataDirectory: Value
  /// `hide` or `show`: spoiler-safe mode until `spoilers` chooses.
  public let spoilers: Value
  /// The person to start as; empty: the one `profile use` chose last.
  public let profile: Value
  /// `auto` (a data directory that syncs does so when a session starts and ends) or `off`
  /// (only when `sync` runs).
  public let sync: Value

  /// `defaultPager` is the pager when neither `PAGER` nor the config file names one.
  public init(
    commandLine: CommandLine, environment: [String: String], config: ConfigFile?,
    defaultPager: String = Settings.defaultPager
  ) {
    func fromConfig(_ key: String, default value: String) -> Value {
      guard let config, let entry = config.entries[key] else {
        return Value(value, from: "default")
      }
      return Value(entry.value, from: "\(config.path):\(entry.line)")
    }
    func variable(_ name: String) -> String? {
      guard let value = environment[name], !value.isEmpty else { return nil }
      return value
    }

    if let color = commandLine.color {
      self.color = Value(color, from: color == "never" ? "--no-color" : "--color")
    } else if variable("NO_COLOR") != nil {
      color = Value("never", from: "environment NO_COLOR")
    } else if let force = variable("CLICOLOR_FORCE"), force != "0" {
      color = Value("always", from: "environment CLICOLOR_FORCE")
    } else {
      color = fromConfig("color", default: "auto")
    }

    if let images = commandLine.images {
      self.images = Value(images, from: "--images")
    } else {
      images = fromConfig("images", default: "auto")
    }

    if let pager = variable("PAGER") {
      self.pager = Value(pager, from: "environment PAGER")
    } else {
      pager = fromConfig("pager", default: defaultPager)
    }

    if let resume = commandLine.resume {
      self.resume = Value(resume ? "yes" : "no", from: resume ? "--resume" : "--no-resume")
    } else {
      resume = fromConfig("resume", default: "auto")
    }

    if let url = variable("SHELF_TVMAZE_URL") {
      tvmazeURL = Value(url, from: "environment SHELF_TVMAZE_URL")
    } else {
      tvmazeURL = fromConfig("tvmaze-url", default: Self.defaultTVMazeURL)
    }

    if let directory = commandLine.dataDirectory, !directory.isEmpty {
      dataDirectory = Value(directory, from: "--data-dir")
    } else if let home = variable("SHELF_HOME") {
      dataDirectory = Value(home, from: "environment SHELF_HOME")
    } else if let config, let entry = config.entries["data-dir"] {
      let path = HomePath.expand(entry.value, environment: environment)
      dataDirectory = Value(path, from: "\(config.path):\(entry.line)")
    } else {
      dataDirectory = Value("", from: "default")
    }

    spoilers = fromConfig("spoilers", default: "show")
    if let profile = commandLine.profile, !profile.isEmpty {
      self.profile = Value(profile, from: "--profile")
    } else if let profile = variable("SHELF_PROFILE") {
      self.profile = Value(profile, from: "environment SHELF_PROFILE")
    } else {
      profile = fromConfig("profile", default: "")
    }
    sync = fromConfig("sync", default: "auto")
  }

  /// Whether to resume at the last position, for a run that is (or is not) at a terminal.
  public func resumes(interactive: Bool) -> Bool {
    switch resume.value {
    case "yes": return true
    case "no": return false
    default: return interactive
    }
  }

  /// The settings in config-file order, for `--print-config`.
  public var all: [(key: String, value: Value)] {
    [
      ("color", color), ("images", images), ("pager", pager), ("resume", resume),
      ("tvmaze-url", tvmazeURL), ("data-dir", dataDirectory), ("spoilers", spoilers),
      ("profile", profile), ("sync", sync),
    ]
  }
}
