import CardBotGeometry
import CardBotImaging

/// The second look of a frame searched on its binned copy (`DetectorOptions.binnedSearchSide`): the frame itself,
/// around the small shapes the copy left unread.
extension MarkerDetector {
    /// Searches the frame itself around the small shapes that the search of its binned copy did not read
    /// (`retries`), each in a region of the frame large enough for a marker of `Self.retriedSide` pixels around it
    /// and the threshold's window, once: the binned copy's pixels are twice as coarse, and a marker of 12 to 20 px
    /// there is a blob of 6 to 10 whose outline may break or come out no clean quad. Where the regions would cover
    /// more than `Self.retriedShare` of the frame (a printed cloth's dots and checks), the whole frame is searched
    /// instead, as without the copy (which such a frame then paid for in vain).
    func searchRetries(
        _ pixels: UnsafePointer<UInt8>, width: Int, height: Int, sampler: GraySampler, into found: inout [Detection]
    ) {
        guard !retries.isEmpty else { return }
        let window = options.window(width: width, height: height)
        let margin = window / 2 + 2
        let reach = Self.retriedSide + margin
        let faces = found.compactMap(Self.cardFace)
        var regions: [(minX: Int, minY: Int, maxX: Int, maxY: Int)] = []
        var area = 0
        let most = Self.retriedShare * Double(width * height)
        for box in retries where Double(area) <= most {
            let center = ImagePoint(x: Double(box.minX + box.maxX) / 2, y: Double(box.minY + box.maxY) / 2)
            if faces.contains(where: { $0.contains(center) }) { continue }
            // Already inside a region, away from its edge (where the window sees the region's pixels only).
            if regions.contains(where: {
                box.minX >= $0.minX + margin && box.maxX <= $0.maxX - margin && box.minY >= $0.minY + margin
                    && box.maxY <= $0.maxY - margin
            }) { continue }
            let x0 = max(0, Int(center.x) - reach), y0 = max(0, Int(center.y) - reach)
            let x1 = min(width - 1, Int(center.x) + reach), y1 = min(height - 1, Int(center.y) + reach)
            guard x1 - x0 >= 8, y1 - y0 >= 8 else { continue }
            regions.append((x0, y0, x1, y1))
            area += (x1 - x0 + 1) * (y1 - y0 + 1)
        }
        guard !regions.isEmpty else { return }
        // The threshold's offset from the noise of the frame itself.
        let offset = max(
            options.thresholdOffset, Int((1.2 * NoiseEstimate.sigma(pixels, width: width, height: height)).rounded()))
        if Double(area) > most {
            search(
                pixels, width: width, height: height, placement: Placement(scale: 1, firstPass: false), window: window,
                offset: offset, minimumSide: options.minimumSide, sampler: sampler, into: &found)
            return
        }
        for (x0, y0, x1, y1) in regions {
            let regionWidth = x1 - x0 + 1, regionHeight = y1 - y0 + 1
            region.reserve(regionWidth * regionHeight)
            for y in 0..<regionHeight {
                (region.base + y * regionWidth).update(from: pixels + (y0 + y) * width + x0, count: regionWidth)
            }
            search(
                UnsafePointer(region.base), width: regionWidth, height: regionHeight,
                placement: Placement(scale: 1, firstPass: false, originX: x0, originY: y0), window: window,
                offset: offset, minimumSide: options.minimumSide, sampler: sampler, into: &found)
        }
    }

    /// The largest share of a binned frame that `searchRetries` searches again in regions; over it, the whole frame.
    /// A region costs more a pixel than the whole frame's search (its window's margin is searched too, and each
    /// region is thresholded apart). On the 4K cluttered frames of `clutter_bench.py` (seed 73) a polka-dot cloth
    /// left 11,000 such shapes (`polka-0020.jpg`), whose regions would have covered the frame 13 times over and took
    /// 76 ms; the full-size search of an easy 4K frame takes about 9.
    static let retriedShare = 0.125

    /// The range of gray levels, lightest less darkest, in `component`'s box and three pixels around it: a marker's
    /// black border beside its white paper, or the faint streak of a wood grain.
    static func range(
        around component: DarkComponents.Component, _ pixels: UnsafePointer<UInt8>, width: Int, height: Int
    ) -> Double {
        var darkest: UInt8 = 255, lightest: UInt8 = 0
        for y in max(0, Int(component.minY) - 3)...min(height - 1, Int(component.maxY) + 3) {
            let row = pixels + y * width
            for x in max(0, Int(component.minX) - 3)...min(width - 1, Int(component.maxX) + 3) {
                darkest = min(darkest, row[x])
                lightest = max(lightest, row[x])
            }
        }
        return Double(lightest) - Double(darkest)
    }

    /// How many times the least contrast of a marker's cells the gray levels in and around a small shape of a binned
    /// copy must range over for the frame to be searched again around it (`searchRetries`). On the benchmark's 4K
    /// frames (seed 1), the shapes of a wood grain that made no marker ranged over 10 to 29 gray levels, a hundred
    /// of them in a frame; the broken border rings and the hull quads of small blurred markers, 115 to 205.
    static let retriedRangeFactor = 3.0

    /// The face of the card whose marker `detection` found (`CardLayout.cardOutline(markerCorners:)`): its title
    /// and pictogram are no marker to search for again.
    static func cardFace(_ detection: Detection) -> Quad? {
        CardLayout.cardOutline(markerCorners: detection.quad.corners).map(Quad.init)
    }

    /// The largest marker side, in pixels of the frame, around which the frame itself is searched again where its
    /// binned copy was searched (`searchRetries`): the shapes whose box is narrower than it are retried.
    static let retriedSide = 32
}
