import Foundation
import ShelfTerminal

/// `upcoming --format ics`: the calendar, written as it is in every output format.
struct CalendarScreen: DocumentScreen {
  let calendar: CalendarDocument
  let document: String

  init(_ calendar: CalendarDocument) {
    self.calendar = calendar
    document = calendar.text
  }

  private enum CodingKeys: String, CodingKey { case document }

  var blocks: [Block] { [.verbatim(document)] }
}
