import Foundation
import ShelfCatalog
import ShelfDomain
import ShelfImages
import ShelfSearch
import XCTest

/// Checks the catalog shipped in the repository's `catalog/` directory.
final class RealCatalogTests: XCTestCase {
  private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  private func load() throws -> Catalog {
    try CatalogLoader(directory: Paths.catalog).load()
  }

  func testLoads() throws {
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: Paths.catalog.appendingPathComponent("toys.tsv").path),
      "catalog not found at \(Paths.catalog.path)")
    XCTAssertNoThrow(try load())
  }

  func testToys() throws {
    let catalog = try load()
    XCTAssertGreaterThanOrEqual(catalog.toys.count, 150)
    XCTAssertGreaterThanOrEqual(catalog.toyCategories.count, 10)
    XCTAssertEqual(Set(catalog.toys.map(\.id)).count, catalog.toys.count, "toy ids are unique")
    for toy in catalog.toys {
      XCTAssertGreaterThanOrEqual(toy.ages.minimum, 0, "toy \(toy.id)")
      XCTAssertLessThanOrEqual(toy.ages.minimum, toy.ages.maximum, "toy \(toy.id)")
      XCTAssertLessThanOrEqual(toy.ages.maximum, 14, "toy \(toy.id)")
      XCTAssertGreaterThan(toy.price, .zero, "toy \(toy.id)")
      XCTAssertFalse(toy.name.isEmpty, "toy \(toy.id)")
      XCTAssertFalse(toy.brand.isEmpty, "toy \(toy.id)")
      XCTAssertFalse(toy.description.isEmpty, "toy \(toy.id)")
    }
    for category in catalog.toyCategories {
      XCTAssertEqual(catalog.toyCategory(named: SearchKey.name(category)), category)
      XCTAssertFalse(catalog.toys(inCategory: category).isEmpty, category)
    }
  }

  func testToyCategoryNamesAreDistinctAsTyped() throws {
    let categories = try load().toyCategories
    let keys = Set(categories.map(SearchKey.name))
    XCTAssertEqual(keys.count, categories.count, "two categories fold to the same name")
  }

  func testStories() throws {
    let catalog = try load()
    XCTAssertGreaterThanOrEqual(catalog.stories.count, 24)
    XCTAssertEqual(
      Set(catalog.stories.map(\.id)).count, catalog.stories.count, "story ids are unique")
    XCTAssertFalse(catalog.storyAgeRanges.isEmpty)
    for ages in catalog.storyAgeRanges {
      XCTAssertGreaterThanOrEqual(catalog.stories(forAges: ages).count, 5, "ages \(ages)")
    }
    for story in catalog.stories {
      XCTAssertLessThanOrEqual(story.ages.maximum, 14, "story \(story.id)")
      XCTAssertGreaterThan(story.words, 0, "story \(story.id)")
      XCTAssertFalse(story.author.isEmpty, "story \(story.id)")
    }
  }

  func testEveryStoryPageIsHTMLWithItsTitleAndWordCount() throws {
    let catalog = try load()
    for story in catalog.stories {
      let url = catalog.url(forStoryPage: story)
      XCTAssertTrue(FileManager.default.fileExists(atPath: url.path), "story \(story.id)")
      let data = try Data(contentsOf: url)
      guard let source = String(bytes: data, encoding: .utf8) else {
        XCTFail("story \(story.id): \(story.page) is not UTF-8")
        continue
      }
      let page: HTMLPage
      do {
        page = try HTMLPage(source)
      } catch {
        XCTFail("story \(story.id): \(story.page) is not well-formed HTML: \(error)")
        continue
      }
      XCTAssertTrue(page.hasDoctype, "story \(story.id)")
      XCTAssertTrue(page.elements.contains("body"), "story \(story.id)")
      XCTAssertEqual(page.headings, [story.title], "story \(story.id): one <h1>, the title")
      let words = page.bodyWords.count
      let tolerance = Double(story.words) * 0.10
      XCTAssertLessThanOrEqual(
        abs(Double(words - story.words)), tolerance,
        "story \(story.id): index says \(story.words) words, <body> has \(words)")
    }
  }

  func testProducts() throws {
    let catalog = try load()
    XCTAssertGreaterThanOrEqual(catalog.products.count, 80)
    XCTAssertGreaterThanOrEqual(catalog.productCategories.count, 8)
    XCTAssertEqual(
      Set(catalog.products.map(\.id)).count, catalog.products.count, "product ids are unique")
    for product in catalog.products {
      XCTAssertGreaterThan(product.price, .zero, "product \(product.id)")
      XCTAssertFalse(product.name.isEmpty, "product \(product.id)")
      XCTAssertFalse(product.description.isEmpty, "product \(product.id)")
    }
    for category in catalog.productCategories {
      XCTAssertEqual(catalog.productCategory(named: SearchKey.name(category)), category)
    }
  }

  func testIDsAreUniqueAcrossToysAndProducts() throws {
    let catalog = try load()
    let toyIDs = Set(catalog.toys.map(\.id))
    let productIDs = Set(catalog.products.map(\.id))
    XCTAssertTrue(toyIDs.isDisjoint(with: productIDs), "a bare id would be ambiguous")
  }

  func testEveryProductImageIsASmallPNG() throws {
    let catalog = try load()
    var total = 0
    for product in catalog.products {
      let url = catalog.url(forProductImage: product)
      guard let data = FileManager.default.contents(atPath: url.path) else {
        XCTFail("product \(product.id): missing image \(product.image)")
        continue
      }
      XCTAssertEqual(
        Array(data.prefix(8)), Self.pngSignature, "product \(product.id): \(product.image)")
      XCTAssertLessThan(data.count, 64 * 1024, "product \(product.id): \(product.image)")
      total += data.count
    }
    XCTAssertLessThan(total, 2 * 1024 * 1024)
  }

  /// Each product is drawn as what it is, so no two products may share a drawing, not even
  /// recoloured (61 of the 90 once shared 26 drawings).
  func testNoTwoProductsShareADrawing() throws {
    let catalog = try load()
    var productWithShape: [DrawingShape: Product] = [:]
    for product in catalog.products {
      let image = try ImageDecoder.decode(contentsOf: catalog.url(forProductImage: product))
      let shape = DrawingShape(image)
      if let other = productWithShape[shape] {
        XCTFail(
          "\(product.id) \(product.name) has the drawing of \(other.id) \(other.name), recoloured"
        )
      } else {
        productWithShape[shape] = product
      }
    }
  }

  func testShowSnapshotDecodes() throws {
    let shows = try ShowList.decode(
      Data(contentsOf: Paths.catalog.appendingPathComponent("shows.json")))
    XCTAssertEqual(shows.count, 240)
    XCTAssertEqual(Set(shows.map(\.id)).count, 240)
    XCTAssertEqual(shows.first { $0.id == 1 }?.name, "Under the Dome")
  }
}
