/// How the front end asks the user something; nil when there is no answer (end of input).
public protocol Asking {
  func ask(_ question: Question) -> String?
}
