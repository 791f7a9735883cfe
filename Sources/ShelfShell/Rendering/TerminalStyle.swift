import Foundation
import ShelfImages
import ShelfTerminal

/// How text output looks on this run, decided once by the front end.
public struct TerminalStyle: Sendable {
  public var colors: Bool
  public var width: Int
  /// Draw pictures with half blocks in this palette; nil prints their path or URL instead.
  public var imagePalette: HalfBlockRenderer.Palette?
  /// Off (`--no-header`, `headers off`): a list prints its rows only, without its title, its
  /// header row or the lines after it, as psql's `-t` does.
  public var headers: Bool

  public init(
    colors: Bool, width: Int, imagePalette: HalfBlockRenderer.Palette? = nil,
    headers: Bool = true
  ) {
    self.colors = colors
    self.width = width
    self.imagePalette = imagePalette
    self.headers = headers
  }

  public static let plain = TerminalStyle(colors: false, width: 100)
  /// A width at or above this is no width at all (a pipe): nothing is cut.
  public static let unbounded = Int.max / 8
}
