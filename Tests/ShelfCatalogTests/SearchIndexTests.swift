import Foundation
import ShelfCatalog
import ShelfDomain
import ShelfSearch
import XCTest

/// `find` ranking on a small catalog: exact word, word prefix, substring, then typo; ties by
/// name; every word must match; case and accents folded.
final class SearchIndexTests: XCTestCase {
  private func toy(_ id: Int, _ name: String, description: String = "", price: Int64 = 1000)
    -> Toy
  {
    Toy(
      id: id, name: name, category: "Test", ages: AgeRange(minimum: 3, maximum: 6)!,
      price: Money(cents: price), brand: "Brand", description: description)
  }

  private func names(_ catalog: Catalog, _ text: String) -> [String] {
    catalog.searchToys(text).map { catalog.toys[$0.position].name }
  }

  private func catalog(_ toys: [Toy]) -> Catalog {
    Catalog(directory: URL(fileURLWithPath: "/nonexistent"), toys: toys, stories: [], products: [])
  }

  func testExactThenPrefixThenSubstringThenTypoTiesByName() {
    let catalog = catalog([
      toy(1, "Zebra Lanterns"),  // prefix: "lanterns" starts with "lantern"
      toy(2, "Ylantern Glow"),  // substring
      toy(3, "Lantren Kit"),  // typo: swap of two neighbours
      toy(4, "Paper Lantern"),  // exact
      toy(5, "Brass Lantern"),  // exact, sorts before Paper by name
      toy(6, "Candle"),  // no match
    ])
    let matches = catalog.searchToys("lantern")
    XCTAssertEqual(
      matches.map { catalog.toys[$0.position].name },
      ["Brass Lantern", "Paper Lantern", "Zebra Lanterns", "Ylantern Glow", "Lantren Kit"])
    XCTAssertEqual(matches.map(\.tier), [.exact, .exact, .prefix, .substring, .typo])
  }

  func testTypoLimitsByLength() {
    let catalog = catalog([
      toy(1, "Doll House"), toy(2, "Dinosaur Dig"), toy(3, "Cat Hat"), toy(4, "Robot Arm"),
    ])
    // 4+ letters: one edit. "dool" is one change from "doll".
    XCTAssertEqual(names(catalog, "dool"), ["Doll House"])
    // A swap of two neighbours is one edit.
    XCTAssertEqual(names(catalog, "dinosuar"), ["Dinosaur Dig"])
    // 8+ letters: two edits ("dinosuor": a swap and a change).
    XCTAssertEqual(names(catalog, "dinosuor"), ["Dinosaur Dig"])
    // Under 8 letters, two edits are not a typo: "rbtoo" is two edits from "robot".
    XCTAssertEqual(names(catalog, "rbtoo"), [])
    // Under 4 letters, no typos: "cap" does not find "cat".
    XCTAssertEqual(names(catalog, "cap"), [])
    // Three edits never match, even for a long word.
    XCTAssertEqual(names(catalog, "dxnxsxur"), [])
  }

  func testCaseAndAccentsFolded() {
    let catalog = catalog([toy(1, "Café Kitchen"), toy(2, "ÉTOILE Lamp"), toy(3, "Tea Set")])
    XCTAssertEqual(names(catalog, "cafe"), ["Café Kitchen"])
    XCTAssertEqual(names(catalog, "CAFÉ"), ["Café Kitchen"])
    XCTAssertEqual(names(catalog, "etoile"), ["ÉTOILE Lamp"])
  }

  func testEveryWordMustMatchAndTheWorstWordRanks() {
    let catalog = catalog([
      toy(1, "Red Barn", description: "a wooden farm"),
      toy(2, "Blue Barn", description: "plastic"),
      toy(3, "Red Barnyard", description: "wooden"),
    ])
    XCTAssertEqual(names(catalog, "barn wooden"), ["Red Barn", "Red Barnyard"])
    XCTAssertEqual(names(catalog, "red plastic"), [])
    XCTAssertEqual(catalog.searchToys("barn wooden").map(\.tier), [.exact, .prefix])
  }

  func testEmptyTextMatchesAllInNameOrderAndFiltersApply() {
    let catalog = catalog([
      toy(1, "Bear", price: 500), toy(2, "Apple", price: 2500), toy(3, "Cube", price: 1500),
    ])
    XCTAssertEqual(names(catalog, ""), ["Apple", "Bear", "Cube"])
    let cheap = catalog.searchToys("") { $0.price < Money(cents: 2000) }
    XCTAssertEqual(cheap.map { catalog.toys[$0.position].name }, ["Bear", "Cube"])
  }

  func testNumbersMatchOnlyThemselves() {
    let catalog = catalog([
      toy(1, "Kit", description: "number 12 in the range"),
      toy(2, "Set", description: "number 123 in the range"),
      toy(3, "Puzzle 500", description: "five hundred pieces"),
    ])
    XCTAssertEqual(names(catalog, "12"), ["Kit"])
    XCTAssertEqual(names(catalog, "123"), ["Set"])
    XCTAssertEqual(names(catalog, "puzzle 500"), ["Puzzle 500"])
    XCTAssertEqual(names(catalog, "50"), [])
  }

  func testTypoDistanceCountsASwapAsOneEdit() {
    XCTAssertEqual(TypoDistance.within(Array("ab"), Array("ba"), limit: 1), 1)
    XCTAssertEqual(TypoDistance.within(Array("kitten"), Array("sitting"), limit: 3), 3)
    XCTAssertNil(TypoDistance.within(Array("kitten"), Array("sitting"), limit: 2))
    XCTAssertEqual(TypoDistance.within(Array(""), Array("abc"), limit: 3), 3)
    XCTAssertEqual(MatchTier.typoLimit(forLength: 3), 0)
    XCTAssertEqual(MatchTier.typoLimit(forLength: 4), 1)
    XCTAssertEqual(MatchTier.typoLimit(forLength: 7), 1)
    XCTAssertEqual(MatchTier.typoLimit(forLength: 8), 2)
  }

  /// The typo tier finds exactly the words within the typo limit that a plain distance over
  /// every word finds (the index passes most words over without computing a distance).
  func testTyposAreExactlyTheWordsWithinTheLimit() {
    var generator = SystemRandomNumberGenerator()
    // "ж" stays itself when folded: the non-ASCII path of the index.
    let letters = Array("abcdeж")
    func word(_ length: Int) -> String {
      String((0..<length).map { _ in letters.randomElement(using: &generator) ?? "a" })
    }
    let vocabulary = Array(
      Set((0..<400).map { _ in word(Int.random(in: 3...9, using: &generator)) }))
    let index = SearchIndex(
      count: vocabulary.count, fields: { [vocabulary[$0]] }, name: { vocabulary[$0] })
    for _ in 0..<60 {
      let term = word(Int.random(in: 4...9, using: &generator))
      let termScalars = Array(term.unicodeScalars)
      let limit = MatchTier.typoLimit(forLength: termScalars.count)
      let expected = Set(
        vocabulary.indices.filter { position in
          let candidate = vocabulary[position]
          guard candidate != term, !candidate.hasPrefix(term), !candidate.contains(term) else {
            return false
          }
          return TypoDistance.within(Array(candidate.unicodeScalars), termScalars, limit: limit)
            != nil
        })
      let found = Set(index.search(term).filter { $0.tier == .typo }.map(\.position))
      XCTAssertEqual(found, expected, "typos of \(term)")
    }
  }

  /// A word most items hold and a word few hold come out in the same order: tier, then name,
  /// then catalog order (the index orders many matches and few matches differently).
  func testManyMatchesAndFewMatchesAreOrderedAlike() {
    var generator = SystemRandomNumberGenerator()
    let names = (0..<300).map { index -> String in
      let first =
        ["Bear", "ant", "Cat", "dog", "Émile", "eel"].randomElement(using: &generator) ?? "Bear"
      let rare = index % 37 == 0 ? " rare" : ""
      return "\(first) \(index % 7) common\(rare)"
    }
    let catalog = catalog(names.enumerated().map { toy($0.offset + 1, $0.element) })
    for word in ["common", "rare", "comm", "rar"] {
      let expected = names.indices.filter { names[$0].contains(word) }.sorted {
        let left = SearchKey.fold(names[$0])
        let right = SearchKey.fold(names[$1])
        return left != right ? left < right : $0 < $1
      }
      XCTAssertEqual(catalog.searchToys(word).map(\.position), expected, word)
    }
  }
}

final class ListOptionsTests: XCTestCase {
  func testPriceRangeParsing() {
    XCTAssertEqual(PriceRange(parsing: "5-20")?.description, "5.00-20.00")
    XCTAssertEqual(PriceRange(parsing: "4.5-12.99")?.description, "4.50-12.99")
    XCTAssertEqual(PriceRange(parsing: "7-7")?.description, "7.00-7.00")
    for bad in ["", "5", "20-5", "a-b", "5-", "-5", "1-2-3", "5.999-6"] {
      XCTAssertNil(PriceRange(parsing: bad), bad)
    }
  }

  func testSortLimitAndPriceWindow() {
    struct Item {
      let name: String
      let price: Money?
      let ages: AgeRange?
    }
    let items = [
      Item(name: "b", price: Money(cents: 300), ages: AgeRange(minimum: 5, maximum: 7)),
      Item(name: "a", price: Money(cents: 300), ages: AgeRange(minimum: 2, maximum: 4)),
      Item(name: "c", price: nil, ages: nil),
      Item(name: "D", price: Money(cents: 100), ages: AgeRange(minimum: 2, maximum: 3)),
    ]
    func names(_ options: ListOptions) -> [String] {
      options.apply(items, name: \.name, price: \.price, ages: \.ages).map(\.name)
    }
    XCTAssertEqual(names(ListOptions()), ["b", "a", "c", "D"])
    XCTAssertEqual(names(ListOptions(sort: .relevance)), ["b", "a", "c", "D"])
    XCTAssertEqual(names(ListOptions(sort: .name)), ["a", "b", "c", "D"])
    XCTAssertEqual(names(ListOptions(sort: .price)), ["D", "a", "b", "c"])
    XCTAssertEqual(names(ListOptions(sort: .age)), ["D", "a", "b", "c"])
    XCTAssertEqual(names(ListOptions(sort: .price, limit: 2)), ["D", "a"])
    let window = PriceRange(minimum: Money(cents: 200), maximum: Money(cents: 300))
    XCTAssertEqual(names(ListOptions(price: window)), ["b", "a"])
  }

}
