import CTurboJPEG
import Foundation
import ShelfDomain
import ShelfShell
import ShelfStore
import ShelfTV
import ShelfTerminal
import ShelfTestSupport
import XCTest

/// Answers each question with the next closure (which may act first, as a user fixing the
/// problem would), recording what was asked; no closure left means no answer.
final class ActingAsker: Asking {
  var replies: [(Question) -> String?] = []
  var asked: [Question] = []

  func ask(_ question: Question) -> String? {
    asked.append(question)
    return replies.isEmpty ? nil : replies.removeFirst()(question)
  }
}
