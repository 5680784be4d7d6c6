import CardBotGeometry
import Foundation

/// One thing on the table that is not a card: a worksheet page, a checkerboard, a QR code, a die, another game's
/// marker, a black square.
///
/// Clutter lies flat on the table beside the cards (a die stands `height` mm tall) and never over a card; it is not
/// in the truth, so a detection on it is a wrong card. Its drawing is decided by its fields alone.
public struct SceneClutter: Sendable, Hashable, Codable {
    /// What the thing is.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A printed worksheet page: a heading, lines of text and a small map grid with some cells filled.
        case worksheet
        /// A checkerboard of `columns` x `rows` squares on a white sheet.
        case checkerboard
        /// A QR-like code: `cells` modules with three finder squares, on a white sticker.
        case qrCode
        /// A white die with black pips (`columns` of them on top).
        case die
        /// Another game's square marker: a black border around `columns` x `columns` black and white cells (4x4 ones
        /// far from every code of the deck and of DICT_4X4_50), on white paper.
        case foreignMarker
        /// A plain black square.
        case blackSquare
        /// A black square with a white square hole (`hole`, a share of its side).
        case holedSquare
    }

    /// What the thing is.
    public var kind: Kind
    /// Its centre on the table, mm.
    public var center: TablePoint
    /// How far it is turned, radians.
    public var rotation: Double
    /// Its footprint's width and height on the table, mm (a sheet's or sticker's paper included).
    public var width: Double
    public var depth: Double
    /// How far its top stands above the table, mm (a die's side; 0 for flat things).
    public var height: Double
    /// Columns of cells or squares (a checkerboard's, a QR code's, a marker's inner grid) or a die's pips.
    public var columns: Int
    /// Rows of a checkerboard's squares (others are square).
    public var rows: Int
    /// Cells row by row, `true` for dark (a QR code's modules, a marker's inner cells); empty for other kinds.
    public var cells: [Bool]
    /// A black square's white hole, as a share of its side (0: none).
    public var hole: Double
    /// The white paper around a printed pattern (a checkerboard's, a QR code's, a marker's), mm on each side.
    public var paper: Double
    /// The seed of anything else drawn (a worksheet's text and map).
    public var seed: UInt64

    /// Creates a clutter item.
    public init(
        kind: Kind, center: TablePoint, rotation: Double = 0, width: Double, depth: Double, height: Double = 0,
        columns: Int = 0, rows: Int = 0, cells: [Bool] = [], hole: Double = 0, paper: Double = 0, seed: UInt64 = 0
    ) {
        self.kind = kind
        self.center = center
        self.rotation = rotation
        self.width = width
        self.depth = depth
        self.height = height
        self.columns = columns
        self.rows = rows
        self.cells = cells
        self.hole = hole
        self.paper = paper
        self.seed = seed
    }

    /// The footprint's corners on the table (clockwise on screen), grown by `margin` mm on every side.
    public func footprint(margin: Double = 0) -> [TablePoint] {
        let c = cos(rotation)
        let s = sin(rotation)
        let hw = width / 2 + margin
        let hd = depth / 2 + margin
        return [(-hw, -hd), (hw, -hd), (hw, hd), (-hw, hd)].map { x, y in
            TablePoint(center.x + c * x - s * y, center.y + s * x + c * y)
        }
    }
}
