/// A standard ArUco marker dictionary: the bit patterns of its markers, kept as data in the project.
///
/// Bits are read row by row from the top-left cell, most significant first; 1 is a white cell.
/// The one-cell black border around the pattern is not part of it.
public struct ArUcoDictionary: Sendable {
    /// The dictionary's standard name, for example `DICT_4X4_50`.
    public let name: String
    /// Cells per side of the pattern.
    public let gridSize: Int
    /// One code per marker id.
    public let codes: [UInt64]

    /// Creates a dictionary.
    public init(name: String, gridSize: Int, codes: [UInt64]) {
        self.name = name
        self.gridSize = gridSize
        self.codes = codes
    }

    /// The dictionaries CardBot ships.
    public static let all: [ArUcoDictionary] = [dict4X4_50, dict5X5_100, dict6X6_250]

    /// The dictionary called `name` (case-insensitive, with or without the `DICT_` prefix), or nil.
    public static func named(_ name: String) -> ArUcoDictionary? {
        let wanted = name.uppercased().hasPrefix("DICT_") ? name.uppercased() : "DICT_" + name.uppercased()
        return all.first { $0.name == wanted }
    }

    /// Marker `id`'s cells, row by row, `true` for white; nil when the dictionary has no such id.
    public func cells(of id: Int) -> [Bool]? {
        guard codes.indices.contains(id) else { return nil }
        let code = codes[id]
        let count = gridSize * gridSize
        return (0..<count).map { index in (code >> UInt64(count - 1 - index)) & 1 == 1 }
    }
}
