/// A typed positional argument: `static let reference = CommandArgument(.reference, help: "…")`, read
/// back as `arguments[Self.reference]` (a `String?`), or with `arguments.required(…)`.
public struct CommandArgument<Value: Sendable>: Sendable {
  public let spec: PositionalSpec

  public init(_ value: ValueType<Value>, optional: Bool = false, help: String) {
    spec = PositionalSpec(value: value.erased, isRequired: !optional, help: help)
  }
}
