/// Where the sections of a derived file go as they are made, one after another: a file being
/// written (`DerivedFileWriter`), or memory (`SectionCollector`, for an image made again in
/// place).
public protocol SectionSink {
  /// Takes the next section (its bytes are valid only during the call); false when it cannot.
  @discardableResult
  mutating func append(_ section: UnsafeRawBufferPointer) -> Bool
}

extension SectionSink {
  /// Takes the next section, a column of values.
  @discardableResult
  public mutating func append<Value: BitwiseCopyable>(_ column: Column<Value>) -> Bool {
    append(column.rawBytes)
  }
}

/// Sections kept in memory as they are appended.
public struct SectionCollector: SectionSink {
  public private(set) var sections: [[UInt8]]

  public init(sections: [[UInt8]] = []) {
    self.sections = sections
  }

  public mutating func append(_ section: UnsafeRawBufferPointer) -> Bool {
    sections.append(Array(section))
    return true
  }

  /// Calls `body` with the bytes of every section, valid during the call.
  public func withSections<Result>(_ body: ([UnsafeRawBufferPointer]) -> Result) -> Result {
    Self.withBuffers(sections[...], [], body)
  }

  private static func withBuffers<Result>(
    _ arrays: ArraySlice<[UInt8]>, _ buffers: [UnsafeRawBufferPointer],
    _ body: ([UnsafeRawBufferPointer]) -> Result
  ) -> Result {
    guard let first = arrays.first else { return body(buffers) }
    return first.withUnsafeBytes { bytes in
      withBuffers(arrays.dropFirst(), buffers + [bytes], body)
    }
  }
}
