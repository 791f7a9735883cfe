import Foundation

/// A value bound to a statement parameter.
public enum SQLiteValue: Sendable, Equatable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob(Data)

  public static func int(_ value: Int?) -> SQLiteValue {
    value.map { .integer(Int64($0)) } ?? .null
  }

  public static func double(_ value: Double?) -> SQLiteValue {
    value.map { .real($0) } ?? .null
  }

  public static func string(_ value: String?) -> SQLiteValue {
    value.map { .text($0) } ?? .null
  }
}
