import CardBotGeometry
import CardBotImaging

/// How often light breaks the border ring of the last marker read: a test for quads of a contour's convex hull.
extension CellReader {
    /// The number of separate light stretches along the centre line of the last marker's border ring, from six
    /// samples a cell all round (0 for a ring black all round), or nil before any reading.
    ///
    /// A sample is light when it lies above the midpoint between the ring's dark level (the tenth percentile of the
    /// samples) and the brightest inner cell. A highlight, a finger or the frame's edge that bites into a real
    /// marker breaks its ring in one stretch; the dark cells of a worksheet's map grid, which a hull wraps as one
    /// shape, leave the light grid lines between them as several thin breaks. On every hull quad read right in
    /// 1,680 benchmark frames of both decks at most one stretch was light but for one smeared marker (five);
    /// the worksheet grid that read as card 17 had three.
    func ringLightStretches(sampler: GraySampler) -> Int? {
        guard let homography else { return nil }
        let across = gridSize + 2
        let inset = 0.5 / Double(across)
        let perSide = 6 * (across - 1)
        let count = 4 * perSide
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * count) { buffer -> Int in
            let samples = buffer.baseAddress!
            for index in 0..<count {
                // Clockwise from the top-left cell's centre: top, right, bottom, left side.
                let t = inset + (1 - 2 * inset) * Double(index % perSide) / Double(perSide)
                let (u, v): (Double, Double)
                switch index / perSide {
                case 0: (u, v) = (t, inset)
                case 1: (u, v) = (1 - inset, t)
                case 2: (u, v) = (1 - t, 1 - inset)
                default: (u, v) = (inset, 1 - t)
                }
                let point = homography.map(u, v)
                samples[index] = sampler.value(point.x, point.y)
            }
            var sorted = UnsafeMutableBufferPointer(start: samples + count, count: count)
            for index in 0..<count { sorted[index] = samples[index] }
            sorted.sort()
            let dark = sorted[count / 10]
            var brightest = -Double.infinity
            for row in 1..<(across - 1) {
                for column in 1..<(across - 1) { brightest = max(brightest, values[row * across + column]) }
            }
            let threshold = (dark + brightest) / 2
            var stretches = 0
            for index in 0..<count where samples[index] > threshold && !(samples[(index + count - 1) % count] > threshold) {
                stretches += 1
            }
            return stretches
        }
    }
}
