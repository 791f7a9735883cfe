import Foundation
import ShelfDomain
import ShelfSync

/// What `sync`, `sync init` and `sync join` did: `Synced: 3 changes sent, 5 received`, after
/// a line for a device that started or joined the household, and before what the user should
/// know (a person removed on another device and where their files are kept).
struct SyncReportScreen: Screen {
  let report: SyncReport

  private enum CodingKeys: String, CodingKey { case action, remote, sent, received, notes }

  func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    let action =
      switch report.kind {
      case .started: "init"
      case .joined: "join"
      case .synced: "sync"
      }
    try container.encode(action, forKey: .action)
    try container.encode(report.remote, forKey: .remote)
    try container.encode(report.sent, forKey: .sent)
    try container.encode(report.received, forKey: .received)
    try container.encode(report.notes, forKey: .notes)
  }

  var blocks: [Block] {
    var lines: [Block] = []
    switch report.kind {
    case .started:
      lines.append(
        .text(StyledText("Started the household at \(report.remote) as its first device.")))
    case .joined:
      lines.append(.text(StyledText("Joined the household at \(report.remote).")))
    case .synced:
      break
    }
    lines.append(.text(StyledText(Self.summary(sent: report.sent, received: report.received))))
    return lines + report.notes.map { .paragraph(StyledText($0)) }
  }

  /// `Synced: 3 changes sent, 5 received` (a change is one datum: a favourite, a mark…).
  static func summary(sent: Int, received: Int) -> String {
    "Synced: \(Thousands.grouped(sent)) \(sent == 1 ? "change" : "changes") sent, "
      + "\(Thousands.grouped(received)) received"
  }
}

/// `sync status`: the remote, this device, the last sync, what waits to be sent, and whether
/// sessions sync by themselves.
struct SyncStatusScreen: Screen {
  let status: SyncStatus
  /// `sync = auto` in the config.
  let automatic: Bool
  let now: Date

  private enum CodingKeys: String, CodingKey {
    case syncing, remote, device, lastSync, waiting, automatic
  }

  func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(status.remote != nil, forKey: .syncing)
    try container.encode(status.remote, forKey: .remote)
    try container.encode(status.device, forKey: .device)
    let formatter = ISO8601DateFormatter()
    try container.encode(status.lastSync.map(formatter.string(from:)), forKey: .lastSync)
    try container.encode(status.waiting, forKey: .waiting)
    try container.encode(automatic, forKey: .automatic)
  }

  var blocks: [Block] {
    guard let remote = status.remote else {
      return [
        .paragraph(
          StyledText(
            "This data directory does not sync. \"sync init REMOTE\" makes this device a"
              + " household's first; \"sync join REMOTE\" joins a household."))
      ]
    }
    let waiting = status.waiting ?? 0
    return [
      DetailsLayout.fact("Remote", remote),
      DetailsLayout.fact("Device", status.device),
      DetailsLayout.fact("Last sync", status.lastSync.map(describe) ?? "never"),
      DetailsLayout.fact(
        "To send",
        waiting == 0
          ? "nothing" : "\(Thousands.grouped(waiting)) \(waiting == 1 ? "change" : "changes")"),
      DetailsLayout.fact(
        "Automatic",
        automatic ? "when a session starts and ends (sync = auto)" : "no (sync = off)"),
    ]
  }

  /// `2026-11-27 17:10 (5 minutes ago)`, in local time.
  private func describe(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    let minutes = max(0, Int(now.timeIntervalSince(date) / 60))
    let ago: String
    switch minutes {
    case 0: ago = "just now"
    case 1: ago = "1 minute ago"
    case 2..<120: ago = "\(minutes) minutes ago"
    case 120..<2880: ago = "\(minutes / 60) hours ago"
    default: ago = "\(minutes / 1440) days ago"
    }
    return "\(formatter.string(from: date)) (\(ago))"
  }
}

/// `sync off`: what stopped, and what was never sent.
struct SyncStopScreen: Screen {
  let stop: SyncStop

  private enum CodingKeys: String, CodingKey { case remote, unsent }

  func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(stop.remote, forKey: .remote)
    try container.encode(stop.unsent, forKey: .unsent)
  }

  var blocks: [Block] {
    var text = "Stopped syncing with \(stop.remote); every file stays here."
    if stop.unsent > 0 {
      text +=
        " \(Thousands.grouped(stop.unsent)) \(stop.unsent == 1 ? "change" : "changes") made here"
        + " never reached the other devices."
    }
    return [.paragraph(StyledText(text))]
  }
}

extension Report {
  /// What a sync did, as `sync` shows it (for the sync a session makes when it starts and ends).
  public static func sync(_ report: SyncReport) -> Report {
    Report(SyncReportScreen(report: report))
  }
}
