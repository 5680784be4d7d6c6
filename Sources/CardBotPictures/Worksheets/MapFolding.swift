import CardBotLesson

/// How a level's map is laid out on a worksheet: whole, or, when it is so long and low that its tiles would be
/// too small to see (a tunnel of 30 tiles), folded into bands of columns one under another, the way a road map
/// folds, so each tile is as large as the page allows.
struct MapFolding {
    /// The side of a tile, in mm.
    let cell: Double
    /// How many bands (1: the map whole).
    let bands: Int
    /// Columns in each band (the last may have fewer).
    let columnsPerBand: Int
    /// The space between two bands, in mm.
    let gap: Double
    /// The map's height.
    private let rows: Int
    private let totalColumns: Int

    /// Tiles are never larger than this, in mm.
    static let largestCell = 24.0
    /// A map whose tiles would be smaller than this whole is folded, if folding makes them larger.
    static let foldBelow = 8.0

    /// The layout of `map` in a box `width` by `height` mm.
    init(map: LevelMap, width: Double, height: Double) {
        rows = map.height
        totalColumns = map.width
        func layout(_ bands: Int) -> (cell: Double, columns: Int) {
            let columns = (map.width + bands - 1) / bands
            // A gap of half a tile (at least 4 mm) between bands, and room for the arrow on either side.
            let across = (width - (bands > 1 ? 8 : 0)) / Double(columns)
            let down = height / (Double(bands * map.height) + Double(bands - 1) * 0.5)
            return (max(0.5, min(Self.largestCell, across, down)), columns)
        }
        var best = (bands: 1, layout: layout(1))
        if best.layout.cell < Self.foldBelow {
            for bands in 2...6 where bands <= map.width {
                let candidate = layout(bands)
                if candidate.cell > best.layout.cell * 1.15 { best = (bands, candidate) }
            }
        }
        bands = best.bands
        cell = best.layout.cell
        columnsPerBand = best.layout.columns
        gap = bands > 1 ? max(4, cell * 0.5) : 0
    }

    /// The map's columns drawn in band `band` (from 0).
    func columns(ofBand band: Int) -> Range<Int> {
        let start = band * columnsPerBand
        return start..<min(totalColumns, start + columnsPerBand)
    }

    /// The widest band's width, in mm.
    var bandWidth: Double { cell * Double(columnsPerBand) }
    /// One band's height, in mm.
    var bandHeight: Double { cell * Double(rows) }
    /// The height of all bands with the gaps between them, in mm.
    var totalHeight: Double { Double(bands) * bandHeight + Double(bands - 1) * gap }
}
