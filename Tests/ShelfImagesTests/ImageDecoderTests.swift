import CTurboJPEG
import Foundation
import ShelfTestSupport
import XCTest

@testable import ShelfImages

final class ImageDecoderTests: XCTestCase {
  private var directory: URL!

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("ShelfImagesTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try FileManager.default.removeItem(at: directory)
  }

  // MARK: - PNG

  func testDecodesRGBPNGExactly() throws {
    let image = TestImages.image(width: 3, height: 2) { x, y in
      [
        [TestImages.red, TestImages.green, TestImages.blue],
        [TestImages.white, TestImages.black, (12, 34, 56)],
      ][y][x]
    }
    let decoded = try ImageDecoder.decode(TestImages.png(image))
    XCTAssertEqual(decoded, image)
    XCTAssertEqual(decoded.width, 3)
    XCTAssertEqual(decoded.height, 2)
    XCTAssertTrue(decoded[2, 1] == (12, 34, 56))
  }

  func testDecodesGrayscalePNGAsEqualChannels() throws {
    let decoded = try ImageDecoder.decode(
      TestImages.png(gray: [0, 128, 255], width: 3, height: 1))
    XCTAssertTrue(decoded[0, 0] == (0, 0, 0))
    XCTAssertTrue(decoded[1, 0] == (128, 128, 128))
    XCTAssertTrue(decoded[2, 0] == (255, 255, 255))
  }

  func testCompositesTransparentPNGOntoWhite() throws {
    let rgba: [UInt8] = [
      255, 0, 0, 255,  // opaque red
      0, 0, 255, 0,  // fully transparent blue
      0, 0, 0, 128,  // half-transparent black
    ]
    let decoded = try ImageDecoder.decode(TestImages.png(rgba: rgba, width: 3, height: 1))
    TestImages.assertPixel(decoded, 0, 0, equals: TestImages.red)
    TestImages.assertPixel(decoded, 1, 0, equals: TestImages.white)
    let half = decoded[2, 0]
    XCTAssertTrue(half.r == half.g && half.g == half.b, "grey expected, got \(half)")
    XCTAssertGreaterThan(half.r, 60)
    XCTAssertLessThan(half.r, 230)
  }

  func testDecodesFromFileURL() throws {
    let image = TestImages.quadrants(size: 4)
    let url = directory.appendingPathComponent("quadrants.png")
    try TestImages.png(image).write(to: url)
    XCTAssertEqual(try ImageDecoder.decode(contentsOf: url), image)
  }

  func testFormatIsSniffedNotTakenFromTheExtension() throws {
    let image = TestImages.quadrants(size: 4)
    let url = directory.appendingPathComponent("actually-a-png.jpg")
    try TestImages.png(image).write(to: url)
    XCTAssertEqual(try ImageDecoder.decode(contentsOf: url), image)
  }

  // MARK: - JPEG

  func testDecodesJPEGQuadrantsWithinTolerance() throws {
    let image = TestImages.quadrants(size: 16)
    let decoded = try ImageDecoder.decode(TestImages.jpeg(image, quality: 100))
    XCTAssertEqual(decoded.width, 16)
    XCTAssertEqual(decoded.height, 16)
    for y in 0..<16 {
      for x in 0..<16 {
        TestImages.assertPixel(decoded, x, y, equals: image[x, y], tolerance: 6)
      }
    }
  }

  func testDecodesProgressiveAndSubsampledJPEG() throws {
    let image = TestImages.quadrants(size: 16)
    let progressive = try ImageDecoder.decode(TestImages.jpeg(image, progressive: true))
    TestImages.assertPixel(progressive, 3, 3, equals: TestImages.red, tolerance: 6)
    TestImages.assertPixel(progressive, 12, 12, equals: TestImages.white, tolerance: 6)
    let subsampled = try ImageDecoder.decode(TestImages.jpeg(image, subsampling: TJSAMP_420))
    TestImages.assertPixel(subsampled, 12, 3, equals: TestImages.green, tolerance: 8)
  }

  func testDecodesGrayscaleJPEGAsEqualChannels() throws {
    let image = TestImages.image(width: 8, height: 8) { _, _ in (200, 200, 200) }
    let decoded = try ImageDecoder.decode(TestImages.jpeg(image, subsampling: TJSAMP_GRAY))
    let pixel = decoded[4, 4]
    XCTAssertTrue(pixel.r == pixel.g && pixel.g == pixel.b)
    TestImages.assertPixel(decoded, 4, 4, equals: (200, 200, 200), tolerance: 2)
  }

  func testDecodesJPEGFromFileURL() throws {
    let url = directory.appendingPathComponent("poster")
    try TestImages.jpeg(TestImages.gradient(width: 21, height: 29)).write(to: url)
    let decoded = try ImageDecoder.decode(contentsOf: url)
    XCTAssertEqual(decoded.width, 21)
    XCTAssertEqual(decoded.height, 29)
  }

  // MARK: - Bad input

  func testEmptyDataThrows() {
    assertThrows(Data(), kind: .unsupportedFormat, message: "not a PNG or JPEG image")
  }

  func testGarbageThrows() {
    assertThrows(Data("hello, world".utf8), kind: .unsupportedFormat)
    assertThrows(Data("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8), kind: .unsupportedFormat)
    var rng = SplitMix64(seed: 1)
    let noise = Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &rng) })
    assertThrows(noise, kind: .unsupportedFormat)
  }

  func testGarbageAfterPNGSignatureThrowsCorruptPNG() {
    var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    assertThrows(data, kind: .corruptPNG)
    data.append(contentsOf: Array(repeating: 0xAB, count: 100))
    let error = assertThrows(data, kind: .corruptPNG)
    XCTAssertTrue(error?.description.hasPrefix("corrupt PNG: ") ?? false)
  }

  func testGarbageAfterJPEGSignatureThrowsCorruptJPEG() {
    var data = Data([0xFF, 0xD8, 0xFF])
    assertThrows(data, kind: .corruptJPEG)
    data.append(contentsOf: Array(repeating: 0xAB, count: 100))
    let error = assertThrows(data, kind: .corruptJPEG)
    XCTAssertTrue(error?.description.hasPrefix("corrupt JPEG: ") ?? false)
  }

  /// Every cut into the signature, header or image data throws. A file missing only
  /// (part of) the trailing 12-byte IEND chunk still holds every pixel; libpng's simplified
  /// reader stops after the image data, so that decodes to the complete image.
  func testEveryTruncationOfAPNGThrows() throws {
    let image = TestImages.gradient(width: 8, height: 8)
    let data = try TestImages.png(image)
    let iendStart = data.count - 12
    XCTAssertEqual(Array(data[iendStart + 4..<iendStart + 8]), Array("IEND".utf8))
    for length in 0..<iendStart {
      assertThrows(data.prefix(length), "prefix of \(length) of \(data.count) bytes")
    }
    for length in iendStart...data.count {
      XCTAssertEqual(try ImageDecoder.decode(data.prefix(length)), image)
    }
  }

  func testEveryTruncationOfAJPEGThrows() throws {
    let data = try TestImages.jpeg(TestImages.quadrants(size: 16))
    for length in 0..<data.count {
      assertThrows(data.prefix(length), "prefix of \(length) of \(data.count) bytes")
    }
    XCTAssertNoThrow(try ImageDecoder.decode(data))
  }

  func testCorruptedPNGChecksumThrows() throws {
    var bytes = [UInt8](try TestImages.png(TestImages.quadrants(size: 4)))
    bytes[29] ^= 0xFF  // IHDR CRC
    let error = assertThrows(Data(bytes), kind: .corruptPNG)
    XCTAssertEqual(error?.description.contains("\n"), false)
  }

  /// Random single- and multi-byte corruption: every outcome is fine except a crash.
  func testRandomlyCorruptedImagesNeverCrash() throws {
    let samples = [
      try TestImages.png(TestImages.gradient(width: 9, height: 7)),
      try TestImages.jpeg(TestImages.gradient(width: 17, height: 9), quality: 90),
    ]
    var rng = SplitMix64(seed: 42)
    for sample in samples {
      for _ in 0..<300 {
        var bytes = [UInt8](sample)
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
          // Keep the signature so the real decoders get exercised.
          let index = Int.random(in: 3..<bytes.count, using: &rng)
          bytes[index] = UInt8.random(in: 0...255, using: &rng)
        }
        do {
          let image = try ImageDecoder.decode(Data(bytes))
          XCTAssertEqual(image.pixels.count, image.width * image.height * 3)
        } catch {
          XCTAssertTrue(error is ImageError, "unexpected error \(error)")
        }
      }
    }
  }

  // MARK: - Limits

  func testRefusesHugePNGBeforeAllocating() throws {
    let small = try TestImages.png(TestImages.quadrants(size: 4))
    let huge = TestImages.png(small, patchingDimensionsTo: 100_000, 100_000)
    let error = assertThrows(huge, kind: .tooLarge)
    XCTAssertTrue(error?.description.hasPrefix("image too large") ?? false)
    assertThrows(TestImages.png(small, patchingDimensionsTo: 8001, 1), kind: .tooLarge)
  }

  func testRefusesHugeJPEGBeforeAllocating() throws {
    let small = try TestImages.jpeg(TestImages.quadrants(size: 16))
    assertThrows(try TestImages.jpeg(small, patchingDimensionsTo: 9000, 9000), kind: .tooLarge)
    assertThrows(try TestImages.jpeg(small, patchingDimensionsTo: 16, 8001), kind: .tooLarge)
  }

  func testMissingFileThrowsUnreadable() {
    let url = directory.appendingPathComponent("missing.png")
    XCTAssertThrowsError(try ImageDecoder.decode(contentsOf: url)) { error in
      XCTAssertEqual((error as? ImageError)?.kind, .unreadable)
      XCTAssertEqual("\(error)", "cannot read image: \(url.path): no such file")
    }
    XCTAssertThrowsError(try ImageDecoder.decode(contentsOf: directory)) { error in
      XCTAssertEqual((error as? ImageError)?.kind, .unreadable)
    }
  }

  func testNonFileURLThrowsUnreadable() throws {
    let url = try XCTUnwrap(URL(string: "https://example.com/poster.jpg"))
    XCTAssertThrowsError(try ImageDecoder.decode(contentsOf: url)) { error in
      XCTAssertEqual((error as? ImageError)?.kind, .unreadable)
    }
  }

  // MARK: - Helpers

  @discardableResult
  private func assertThrows(
    _ data: Data, _ context: String = "", kind: ImageError.Kind? = nil, message: String? = nil,
    file: StaticString = #filePath, line: UInt = #line
  ) -> ImageError? {
    do {
      let image = try ImageDecoder.decode(data)
      XCTFail(
        "decoded \(image.width)x\(image.height) instead of throwing. \(context)", file: file,
        line: line)
      return nil
    } catch let error as ImageError {
      if let kind {
        XCTAssertEqual(error.kind, kind, "\(error). \(context)", file: file, line: line)
      }
      if let message {
        XCTAssertEqual(error.description, message, file: file, line: line)
      }
      return error
    } catch {
      XCTFail("threw \(error), not ImageError. \(context)", file: file, line: line)
      return nil
    }
  }
}
