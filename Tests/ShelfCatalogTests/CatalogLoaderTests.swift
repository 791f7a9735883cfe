import Foundation
import ShelfCatalog
import ShelfDomain
import ShelfTestSupport
import XCTest

final class CatalogLoaderTests: TemporaryDirectoryTestCase {
  private let toysHeader = "id\tname\tcategory\tminAge\tmaxAge\tprice\tbrand\tdescription"
  private let storiesHeader = "id\ttitle\tages\tauthor\twords\tfile"
  private let productsHeader = "id\tname\tcategory\tprice\tdescription\timage"

  /// Lines of `toys.tsv`: a comment on line 1, the header on line 2, records from line 3.
  private func writeToys(_ records: [String]) throws {
    let lines = ["# toys for a test", toysHeader] + records
    try temporary.write("toys.tsv", lines.joined(separator: "\n") + "\n")
  }

  private func writeStories(_ records: [String]) throws {
    try temporary.write("stories.tsv", ([storiesHeader] + records).joined(separator: "\n") + "\n")
  }

  private func writeProducts(_ records: [String]) throws {
    try temporary.write(
      "products.tsv", ([productsHeader] + records).joined(separator: "\n") + "\n")
  }

  private let goodToy = "1\tCastle Blocks\tBuilding Blocks\t3\t8\t39.99\tMaple Hollow\tBlocks."
  private let otherToy = "2\tRag Doll\tDolls\t2\t6\t12.50\tJouets Étoile\tA soft doll."

  private func load() throws -> Catalog {
    try CatalogLoader(directory: temporary.url).load()
  }

  /// Loads the temporary catalog expecting a `CatalogError`, and checks that its description
  /// names the file and (when given) the line.
  private func assertLoadFails(
    file name: String, line: Int?, reasonContains fragment: String,
    file sourceFile: StaticString = #filePath, line sourceLine: UInt = #line
  ) {
    XCTAssertThrowsError(try load(), file: sourceFile, line: sourceLine) { error in
      guard let error = error as? CatalogError else {
        return XCTFail("not a CatalogError: \(error)", file: sourceFile, line: sourceLine)
      }
      XCTAssertEqual(error.file, name, file: sourceFile, line: sourceLine)
      XCTAssertEqual(error.line, line, "\(error)", file: sourceFile, line: sourceLine)
      let text = error.description
      XCTAssertTrue(text.contains(name), text, file: sourceFile, line: sourceLine)
      if let line {
        XCTAssertTrue(text.contains("line \(line)"), text, file: sourceFile, line: sourceLine)
      }
      XCTAssertTrue(text.contains(fragment), text, file: sourceFile, line: sourceLine)
    }
  }

  // MARK: - Valid catalogs

  func testMinimalCatalogOfToysOnlyLoads() throws {
    try writeToys([goodToy, otherToy])
    let catalog = try load()
    XCTAssertEqual(catalog.toys.map(\.id), [1, 2])
    XCTAssertTrue(catalog.stories.isEmpty)
    XCTAssertTrue(catalog.products.isEmpty)
    XCTAssertEqual(catalog.toyCategories, ["Building Blocks", "Dolls"])
    let toy = try XCTUnwrap(catalog.toy(id: 1))
    XCTAssertEqual(toy.name, "Castle Blocks")
    XCTAssertEqual(toy.category, "Building Blocks")
    XCTAssertEqual(toy.ages, AgeRange(minimum: 3, maximum: 8))
    XCTAssertEqual(toy.price.description, "39.99")
    XCTAssertEqual(toy.brand, "Maple Hollow")
    XCTAssertEqual(toy.description, "Blocks.")
    XCTAssertEqual(catalog.toy(id: 2)?.brand, "Jouets Étoile")
    XCTAssertNil(catalog.toy(id: 3))
    XCTAssertEqual(catalog.toyCategory(named: "building-blocks"), "Building Blocks")
    XCTAssertEqual(catalog.toys(inCategory: "Dolls").map(\.id), [2])
  }

  func testColumnsMayComeInAnyOrder() throws {
    let text =
      "description\tprice\tid\tname\tcategory\tmaxAge\tminAge\tbrand\n"
      + "Blocks.\t9.5\t7\tCubes\tBlocks\t5\t1\tAcme\n"
    try temporary.write("toys.tsv", text)
    let toy = try XCTUnwrap(try load().toy(id: 7))
    XCTAssertEqual(toy.name, "Cubes")
    XCTAssertEqual(toy.ages, AgeRange(minimum: 1, maximum: 5))
    XCTAssertEqual(toy.price.description, "9.50")
    XCTAssertEqual(toy.brand, "Acme")
    XCTAssertEqual(toy.description, "Blocks.")
  }

  /// Files saved on Windows end their lines with CRLF. (In Swift `"\r\n"` is one `Character`,
  /// so a parser that splits a `String` on `"\n"` would see one long line.)
  func testCRLFLineEndsAreAccepted() throws {
    let lines = ["# toys saved on Windows", toysHeader, goodToy, otherToy]
    try temporary.write("toys.tsv", lines.joined(separator: "\r\n") + "\r\n")
    let catalog = try load()
    XCTAssertEqual(catalog.toys.map(\.id), [1, 2])
    XCTAssertEqual(catalog.toy(id: 1)?.description, "Blocks.")
    XCTAssertEqual(catalog.toy(id: 2)?.description, "A soft doll.")
  }

  func testCRLFErrorsNameTheRightLine() throws {
    let lines = ["# toys saved on Windows", toysHeader, goodToy, goodToy]
    try temporary.write("toys.tsv", lines.joined(separator: "\r\n") + "\r\n")
    assertLoadFails(file: "toys.tsv", line: 4, reasonContains: "duplicate id 1")
  }

  /// Editors on Windows often start a UTF-8 file with a byte-order mark; it is not part of the
  /// first column's name.
  func testAByteOrderMarkIsIgnored() throws {
    let lines = [toysHeader, goodToy]
    try temporary.write("toys.tsv", "\u{FEFF}" + lines.joined(separator: "\r\n") + "\r\n")
    XCTAssertEqual(try load().toys.map(\.id), [1])
  }

  /// `TabularFile` is written so that a catalog of 100,000 items loads quickly; even a debug
  /// build must take only a few seconds.
  func testALargeCatalogLoadsQuickly() throws {
    var text = toysHeader + "\n"
    text.reserveCapacity(12_000_000)
    for id in 1...100_000 {
      text += "\(id)\tToy \(id)\tCategory \(id % 20)\t3\t8\t\(id % 100).99\tBrand\t"
      text += "A toy with a description of about the usual length, so the file is realistic.\n"
    }
    try temporary.write("toys.tsv", text)
    let start = Date()
    let catalog = try load()
    let elapsed = Date().timeIntervalSince(start)
    XCTAssertEqual(catalog.toys.count, 100_000)
    XCTAssertEqual(catalog.toyCategories.count, 20)
    XCTAssertLessThan(elapsed, 5, "loading 100,000 toys took \(elapsed) s")
    print("loaded 100,000 toys in \(elapsed) s")
  }

  /// A field of 1.2 MB among short ones, and the line number of an error after many records,
  /// come out right.
  func testAVeryLongFieldAndAnErrorAfterManyRecords() throws {
    let long = String(repeating: "long words ", count: 110_000)  // 1.2 MB in one field
    var records: [String] = []
    for id in 1...20_000 {
      let description = id == 10_000 ? long : "A toy numbered \(id) for the chunk test."
      records.append("\(id)\tToy \(id)\tBlocks\t3\t8\t1.99\tBrand\t\(description)")
    }
    try writeToys(records)
    let catalog = try load()
    XCTAssertEqual(catalog.toys.count, 20_000)
    XCTAssertEqual(catalog.toys.map(\.id), Array(1...20_000))
    XCTAssertEqual(catalog.toy(id: 10_000)?.description, long)
    XCTAssertEqual(catalog.toy(id: 20_000)?.description, "A toy numbered 20000 for the chunk test.")

    try writeToys(records + ["20001\tBroken"])
    assertLoadFails(file: "toys.tsv", line: 20_003, reasonContains: "expected 8")
  }

  func testStoriesAndProductsLoadWhenPresent() throws {
    try writeToys([goodToy])
    try writeStories(["7\tThe Lantern Snail\t3-5\tOona Fitzpatrick\t433\tstories/7.html"])
    try temporary.write("stories/7.html", "<h1>The Lantern Snail</h1>")
    try writeProducts(["1001\tPhone\tElectronics\t249.00\tA phone.\timages/1001.png"])
    try temporary.write("images/1001.png", Data([0x89, 0x50, 0x4E, 0x47]))
    let catalog = try load()
    let story = try XCTUnwrap(catalog.story(id: 7))
    XCTAssertEqual(story.title, "The Lantern Snail")
    XCTAssertEqual(story.ages, AgeRange(parsing: "3-5"))
    XCTAssertEqual(story.words, 433)
    XCTAssertEqual(story.readingMinutes, 3)
    XCTAssertEqual(catalog.url(forStoryPage: story), temporary.file("stories/7.html"))
    XCTAssertEqual(catalog.storyAgeRanges, [AgeRange(parsing: "3-5")!])
    XCTAssertEqual(catalog.storyAgeRange(named: "3–5"), AgeRange(parsing: "3-5"))
    XCTAssertNil(catalog.storyAgeRange(named: "6-8"))
    let product = try XCTUnwrap(catalog.product(id: 1001))
    XCTAssertEqual(product.price.description, "249.00")
    XCTAssertEqual(catalog.url(forProductImage: product), temporary.file("images/1001.png"))
    XCTAssertEqual(catalog.productCategories, ["Electronics"])
  }

  func testBlankLinesAndCommentsAreSkippedButCountedInLineNumbers() throws {
    try temporary.write(
      "toys.tsv", "# a comment\n\n\(toysHeader)\n\n# another\n\(goodToy)\n1\tx\ty\t1\t2\t3\tb\td\n")
    assertLoadFails(file: "toys.tsv", line: 7, reasonContains: "duplicate id 1")
  }

  // MARK: - Errors naming the file and the line

  func testDuplicateIDNamesTheFileAndLine() throws {
    try writeToys([goodToy, otherToy, goodToy])
    assertLoadFails(file: "toys.tsv", line: 5, reasonContains: "duplicate id 1 (first on line 3)")
  }

  /// Ids are checked for repeats after the file is read; the error is still the first problem
  /// in file order, whether the file lists its ids in order or not.
  func testTheFirstRepeatInFileOrderIsReportedWhateverTheOrderOfIDs() throws {
    try writeToys([
      "9\tA\tX\t1\t2\t1.00\tB\tD", "4\tB\tX\t1\t2\t1.00\tB\tD", "7\tC\tX\t1\t2\t1.00\tB\tD",
      "4\tD\tX\t1\t2\t1.00\tB\tD", "9\tE\tX\t1\t2\t1.00\tB\tD",
    ])
    assertLoadFails(file: "toys.tsv", line: 6, reasonContains: "duplicate id 4 (first on line 4)")
  }

  func testARepeatedIDBeforeABadFieldIsReportedFirst() throws {
    try writeToys([goodToy, goodToy, "3\tKite\tOutdoor\t1\t5\tcheap\tAcme\tA kite."])
    assertLoadFails(file: "toys.tsv", line: 4, reasonContains: "duplicate id 1")
    try writeToys([goodToy, "3\tKite\tOutdoor\t1\t5\tcheap\tAcme\tA kite.", goodToy])
    assertLoadFails(file: "toys.tsv", line: 4, reasonContains: "bad price \"cheap\"")
    // On one line, the repeated id is named before the line's own problem.
    try writeToys([goodToy, "1\tKite\tOutdoor\t1\t5\tcheap\tAcme\tA kite."])
    assertLoadFails(file: "toys.tsv", line: 4, reasonContains: "duplicate id 1")
  }

  /// Toys listed out of id order are found by id; every field reads back as written,
  /// accented text included.
  func testToysOutOfIDOrderAreFoundByIDWithEveryField() throws {
    try writeToys([
      "30\tÉtoile Kite\tOutdoor\t4\t9\t15.5\tJouets Étoile\tA kite — bright.",
      otherToy, "+12\tCube\tBuilding Blocks\t0\t99\t0.99\tAcme\t",
    ])
    let catalog = try load()
    XCTAssertEqual(catalog.toys.map(\.id), [30, 2, 12])
    let kite = try XCTUnwrap(catalog.toy(id: 30))
    XCTAssertEqual(kite.name, "Étoile Kite")
    XCTAssertEqual(kite.category, "Outdoor")
    XCTAssertEqual(kite.ages, AgeRange(minimum: 4, maximum: 9))
    XCTAssertEqual(kite.price.description, "15.50")
    XCTAssertEqual(kite.brand, "Jouets Étoile")
    XCTAssertEqual(kite.description, "A kite — bright.")
    XCTAssertEqual(catalog.toy(id: 12)?.description, "")
    XCTAssertEqual(catalog.toy(id: 12)?.ages, AgeRange(minimum: 0, maximum: 99))
    XCTAssertNil(catalog.toy(id: 3))
    XCTAssertNil(catalog.toy(id: 31))
    XCTAssertEqual(catalog.toys(inCategory: "Dolls").map(\.name), ["Rag Doll"])
    XCTAssertEqual(catalog.toys(inCategory: "Outdoor").map(\.id), [30])
    XCTAssertTrue(catalog.toys(inCategory: "Nothing").isEmpty)
    XCTAssertEqual(catalog.searchToys("etoile").map { catalog.toys[$0.position].id }, [30, 2])
  }

  func testIDsOutOfRangeOrWithSpacesAreRejected() throws {
    for id in ["99999999999999999999", " 5", "5 ", "-", "0", "-4", "0x10"] {
      try writeToys([id + "\tKite\tOutdoor\t1\t5\t1.00\tAcme\tA kite."])
      assertLoadFails(file: "toys.tsv", line: 3, reasonContains: "bad id")
    }
  }

  func testBadPriceNamesTheFileAndLine() throws {
    try writeToys([goodToy, "2\tRag Doll\tDolls\t2\t6\t12.999\tAcme\tA doll."])
    assertLoadFails(file: "toys.tsv", line: 4, reasonContains: "bad price \"12.999\"")
  }

  func testNegativePriceIsRejected() throws {
    try writeToys(["2\tRag Doll\tDolls\t2\t6\t-1\tAcme\tA doll."])
    assertLoadFails(file: "toys.tsv", line: 3, reasonContains: "bad price")
  }

  func testAgesWithMinimumAboveMaximumNameTheFileAndLine() throws {
    try writeToys([goodToy, otherToy, "3\tKite\tOutdoor\t9\t5\t15.00\tAcme\tA kite."])
    assertLoadFails(file: "toys.tsv", line: 5, reasonContains: "bad ages 9-5")
  }

  func testNonNumericAgesAreRejected() throws {
    try writeToys(["3\tKite\tOutdoor\tthree\t5\t15.00\tAcme\tA kite."])
    assertLoadFails(file: "toys.tsv", line: 3, reasonContains: "bad ages")
  }

  func testBadStoryAgesNameTheFileAndLine() throws {
    try writeToys([goodToy])
    try temporary.write("stories/1.html", "<h1>A</h1>")
    try writeStories([
      "1\tA\t3-5\tAuthor\t10\tstories/1.html", "2\tB\t5-3\tAuthor\t10\tstories/1.html",
    ])
    assertLoadFails(file: "stories.tsv", line: 3, reasonContains: "bad ages \"5-3\"")
  }

  func testWrongFieldCountNamesTheFileAndLine() throws {
    try writeToys([goodToy, "2\tRag Doll\tDolls\t2\t6\t12.50\tAcme"])
    assertLoadFails(
      file: "toys.tsv", line: 4, reasonContains: "expected 8 tab-separated fields, found 7")
  }

  func testTooManyFieldsAreRejected() throws {
    try writeToys([goodToy + "\textra"])
    assertLoadFails(file: "toys.tsv", line: 3, reasonContains: "found 9")
  }

  func testMissingColumnNamesTheFileAndColumn() throws {
    let header = "id\tname\tcategory\tminAge\tmaxAge\tbrand\tdescription"
    try temporary.write("toys.tsv", "\(header)\n1\tA\tB\t1\t2\tC\tD\n")
    XCTAssertThrowsError(try load()) { error in
      let text = String(describing: error)
      XCTAssertEqual((error as? CatalogError)?.file, "toys.tsv")
      XCTAssertTrue(text.contains("toys.tsv"), text)
      XCTAssertTrue(text.contains("missing column \"price\""), text)
    }
  }

  func testMissingToysFileIsAnError() throws {
    try writeStories([])
    assertLoadFails(file: "toys.tsv", line: nil, reasonContains: "missing or unreadable")
  }

  func testAPipeInPlaceOfTheToysFileIsAnErrorAndNothingWaits() throws {
    try writeStories([])
    XCTAssertEqual(mkfifo(temporary.file("toys.tsv").path, 0o600), 0)
    assertLoadFails(
      file: "toys.tsv", line: nil, reasonContains: "(a pipe (FIFO), not a regular file)")
  }

  func testADeviceInPlaceOfTheToysFileIsAnErrorAndNothingIsRead() throws {
    try writeStories([])
    try FileManager.default.createSymbolicLink(
      atPath: temporary.file("toys.tsv").path, withDestinationPath: "/dev/zero")
    assertLoadFails(file: "toys.tsv", line: nil, reasonContains: "(a device, not a regular file)")
  }

  func testEmptyDirectoryIsAnError() {
    assertLoadFails(file: "toys.tsv", line: nil, reasonContains: temporary.file("toys.tsv").path)
  }

  func testFileWithoutAHeaderIsAnError() throws {
    try temporary.write("toys.tsv", "# only a comment\n\n")
    assertLoadFails(file: "toys.tsv", line: nil, reasonContains: "no header row")
  }

  func testMissingStoryPageNamesTheFileAndLine() throws {
    try writeToys([goodToy])
    try temporary.write("stories/1.html", "<h1>A</h1>")
    try writeStories([
      "1\tA\t3-5\tAuthor\t10\tstories/1.html", "2\tB\t3-5\tAuthor\t10\tstories/2.html",
    ])
    assertLoadFails(file: "stories.tsv", line: 3, reasonContains: "missing file stories/2.html")
  }

  func testStoryPageOutsideTheCatalogIsRejected() throws {
    try writeToys([goodToy])
    try writeStories(["1\tA\t3-5\tAuthor\t10\t../toys.tsv"])
    assertLoadFails(file: "stories.tsv", line: 2, reasonContains: "bad file path")
  }

  func testMissingProductImageNamesTheFileAndLine() throws {
    try writeToys([goodToy])
    try writeProducts(["1001\tPhone\tElectronics\t249.00\tA phone.\timages/1001.png"])
    assertLoadFails(file: "products.tsv", line: 2, reasonContains: "missing file images/1001.png")
  }

  func testDuplicateProductIDNamesTheFileAndLine() throws {
    try writeToys([goodToy])
    try temporary.write("a.png", Data([0x89]))
    try writeProducts([
      "1001\tPhone\tElectronics\t249.00\tA phone.\ta.png",
      "1001\tTablet\tElectronics\t349.00\tA tablet.\ta.png",
    ])
    assertLoadFails(file: "products.tsv", line: 3, reasonContains: "duplicate id 1001")
  }

  func testBadIDIsRejected() throws {
    try writeToys(["x\tRag Doll\tDolls\t2\t6\t12.50\tAcme\tA doll."])
    assertLoadFails(file: "toys.tsv", line: 3, reasonContains: "bad id \"x\"")
  }

  func testCategoryWithASlashIsRejected() throws {
    try writeToys(["1\tRag Doll\tDolls/Plush\t2\t6\t12.50\tAcme\tA doll."])
    assertLoadFails(file: "toys.tsv", line: 3, reasonContains: "bad category")
  }

  func testInvalidUTF8NamesTheFile() throws {
    var data = Data(("# toys\n\(toysHeader)\n\(goodToy)\n").utf8)
    data.append(contentsOf: Array("2\tRag Doll\tDolls\t2\t6\t12.50\tAcme\tBad ".utf8))
    data.append(contentsOf: [0xC3, 0x28, 0x0A])
    try temporary.write("toys.tsv", data)
    XCTAssertThrowsError(try load()) { error in
      let text = String(describing: error)
      XCTAssertEqual((error as? CatalogError)?.file, "toys.tsv")
      XCTAssertTrue(text.contains("toys.tsv"), text)
      XCTAssertTrue(text.contains("UTF-8"), text)
    }
  }

  /// A catalog of 100,000 lines must say *where* the bad byte is, like every other error.
  func testInvalidUTF8NamesTheLine() throws {
    var data = Data(("# toys\n\(toysHeader)\n\(goodToy)\n").utf8)
    data.append(contentsOf: Array("2\tRag Doll\tDolls\t2\t6\t12.50\tAcme\tBad ".utf8))
    data.append(contentsOf: [0xC3, 0x28, 0x0A])
    try temporary.write("toys.tsv", data)
    assertLoadFails(file: "toys.tsv", line: 4, reasonContains: "UTF-8")
  }
}
