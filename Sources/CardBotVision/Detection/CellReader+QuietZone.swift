import CardBotGeometry

/// The light paper around a marker: every printed card has it, clutter that a convex hull wrapped often does not.
extension CellReader {
    /// How much lighter than the border ring the band just outside the last marker is on its darkest side, as a
    /// share of `contrast`; nil when no side lies inside the frame.
    ///
    /// On each side, the mean of `quietZoneDepth` cells outside the marker's outer edge (three samples along each of
    /// the side's cells) less the mean of the ring's cells there, so that light changing across the marker (a
    /// shadow's edge, a highlight) moves both alike. A side whose band leaves the frame is not measured.
    func quietZoneStep(sampler: GraySampler, contrast: Double) -> Double? {
        guard let homography, contrast > 0 else { return nil }
        let across = gridSize + 2
        let scale = 1 / Double(across)
        let outside = -Self.quietZoneDepth * scale
        var weakest: Double?
        for side in 0..<4 {
            var band = 0.0, ring = 0.0
            var inside = true
            for cell in 0..<across {
                for step in -1...1 {
                    let along = (Double(cell) + 0.5 + Double(step) * Self.patchOffset) * scale
                    // Top, right, bottom, left, in the unit square of the marker.
                    let (u, v): (Double, Double) =
                        switch side {
                        case 0: (along, outside)
                        case 1: (1 - outside, along)
                        case 2: (along, 1 - outside)
                        default: (outside, along)
                        }
                    let point = homography.map(u, v)
                    if !sampler.contains(point.x, point.y, margin: 0) { inside = false }
                    band += sampler.value(point.x, point.y)
                }
                let (row, column) =
                    switch side {
                    case 0: (0, cell)
                    case 1: (cell, across - 1)
                    case 2: (across - 1, cell)
                    default: (cell, 0)
                    }
                ring += values[row * across + column]
            }
            guard inside else { continue }
            let step = (band / Double(3 * across) - ring / Double(across)) / contrast
            weakest = min(weakest ?? step, step)
        }
        return weakest
    }

    /// How far outside the marker's outer edge the quiet zone is measured, in cells. A card's paper reaches a whole
    /// cell (8 mm on a 48 mm marker), and a card cut close keeps a quarter of a cell and more (`close-cut`).
    static let quietZoneDepth = 0.35
}
