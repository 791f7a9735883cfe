import ShelfStore

/// `--tracking STATUS` (lists of shows keep the shows with that status) and `--all` (/upnext
/// and `upcoming` keep paused, dropped and completed shows too).
struct TrackingListing: Sendable {
  var status: TrackingStatus?
  var all = false

  /// Whether a show with this status is listed.
  func keeps(_ status: TrackingStatus?) -> Bool {
    guard let wanted = self.status else { return true }
    return status == wanted
  }

  /// Whether /upnext and `upcoming` list a show with this status.
  func schedules(_ status: TrackingStatus) -> Bool { all || !status.isSetAside }
}
