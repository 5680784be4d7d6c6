/// The sensor noise of a grayscale frame where it matters, estimated from the differences of neighbouring pixels.
///
/// On about 90 rows spread evenly over the frame (every fourth row of a small one), the median absolute difference
/// of pixels three apart, over the pairs at or above the sampled pixels' 90th percentile level: noise grows with
/// the light (shot noise), and it is the light pixels (white card paper) that noise can make look dark, while in
/// black areas it is clipped away. For Gaussian noise of standard deviation sigma the difference has deviation
/// sigma * sqrt(2) and its absolute value a median of 0.954 sigma.
///
/// Edges and texture are mostly a small share of the light pairs, but not where a moving camera smeared the cards
/// and their paper is a small share of the frame: the light pairs are then mostly on the smear's ramps, and their
/// median measured the ramps (up to 21 gray levels in the benchmark's 640x480 motion blur, whose sensor noise is at
/// most 4). So the pairs on a slope are left out (`withoutSlopes`).
enum NoiseEstimate {
    /// The noise's standard deviation in gray levels (0 for an empty or flat frame).
    static func sigma(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int) -> Double {
        guard width >= 2, height >= 1 else { return 0 }
        // A 720-row frame: every 8th row, some 28,000 pairs, 3,000 of them light, plenty for a median; a 4K
        // frame: every 24th.
        let rowStep = max(4, height / 90)
        // Four histograms filled in turn and then added up: neighbouring pixels are mostly of one level, and
        // counting them into one bin makes each increment wait for the last.
        var levels = [Int](repeating: 0, count: 256)
        var sampled = 0
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 4 * 256) { counts in
            let bins = counts.baseAddress!
            bins.initialize(repeating: 0, count: 4 * 256)
            var y = 1
            while y < height {
                let row = pixels + y * width
                var x = 0
                while x + 6 < width {
                    bins[Int(row[x])] &+= 1
                    bins[256 + Int(row[x + 2])] &+= 1
                    bins[512 + Int(row[x + 4])] &+= 1
                    bins[768 + Int(row[x + 6])] &+= 1
                    x += 8
                }
                while x < width {
                    bins[Int(row[x])] &+= 1
                    x += 2
                }
                sampled += (width + 1) / 2
                y += rowStep
            }
            for level in 0..<256 {
                levels[level] = bins[level] &+ bins[256 + level] &+ bins[512 + level] &+ bins[768 + level]
            }
        }
        guard sampled > 0 else { return 0 }
        var below = 0
        var floor = 0
        while floor < 255 && 10 * (below + levels[floor]) < 9 * sampled {
            below += levels[floor]
            floor += 1
        }
        // Pixels three apart: JPEG and demosaicing smooth noise over a pixel or two, so that next neighbours differ
        // less than the noise would make them. Each light pair (x, x + lag) is kept with its own difference and the
        // difference of its outer neighbours (x - lag, x + 2 * lag; 255 at the row's ends), as `difference << 8 | outer`.
        let lag = min(3, width - 1)
        let rows = (height - 1 + rowStep - 1) / rowStep
        let pairs = [UInt16](unsafeUninitializedCapacity: rows * ((width + 1) / 2)) { buffer, kept in
            let out = buffer.baseAddress!
            var n = 0
            var y = 1
            let light = SIMD16<UInt8>(repeating: UInt8(floor))
            while y < height {
                let row = pixels + y * width
                var x = 0
                while x + lag < width {
                    // Most pixels lie below the floor: sixteen at a time while none of them is light, skipping the
                    // eight pairs that start there.
                    if x + 16 <= width,
                        !any(UnsafeRawPointer(row + x).loadUnaligned(as: SIMD16<UInt8>.self) .>= light)
                    {
                        x += 16
                        continue
                    }
                    let a = Int(row[x]), b = Int(row[x + lag])
                    if min(a, b) >= floor {
                        var outer = 255
                        if x >= lag, x + 2 * lag < width {
                            let c = Int(row[x - lag]), d = Int(row[x + 2 * lag])
                            outer = c > d ? c - d : d - c
                        }
                        out[n] = UInt16((a > b ? a - b : b - a) << 8 | outer)
                        n += 1
                    }
                    x += 2
                }
                y += rowStep
            }
            kept = n
        }
        return withoutSlopes(pairs)
    }

    /// The fewest pairs an estimate is taken from.
    static let leastPairs = 200

    /// The noise from light pairs (`difference << 8 | outer difference`), leaving out the pairs on a slope; 0 for
    /// no pairs.
    ///
    /// For noise alone a pair and its outer neighbours are four different pixels, so which pairs are kept by their
    /// outer difference does not change the distribution of the kept pairs' own differences; on a ramp the outer
    /// difference is three times the pair's. Starting from the median of all pairs, the estimate keeps the pairs
    /// whose outer difference is within 2.5 standard deviations of noise of that estimate (99% of the pairs of
    /// noise alone), takes their median, and repeats while the estimate falls (at most four times, and only while
    /// `leastPairs` remain). Frames without smears have edges among their light pairs too, and their estimate falls
    /// by up to a fifth (dim light at sigma 20: 5.5 gray levels instead of 6.4); the benchmark's conditions other
    /// than motion blur read the same cards with it.
    static func withoutSlopes(_ pairs: [UInt16]) -> Double {
        var histogram = [Int](repeating: 0, count: 256)
        for pair in pairs { histogram[Int(pair >> 8)] += 1 }
        guard !pairs.isEmpty else { return 0 }
        var sigma = median(histogram, total: pairs.count)
        for _ in 0..<4 {
            let limit = UInt16(min(255, (2.5 * 2.0.squareRoot() * max(sigma, 0.5)).rounded(.down)))
            histogram = [Int](repeating: 0, count: 256)
            var kept = 0
            for pair in pairs where pair & 0xFF <= limit {
                histogram[Int(pair >> 8)] += 1
                kept += 1
            }
            guard kept >= leastPairs else { break }
            let next = median(histogram, total: kept)
            guard next < sigma else { break }
            sigma = next
        }
        return sigma
    }

    /// The median of the absolute differences counted in `histogram`, as the noise's standard deviation: interpolated
    /// within its bin, so that a mostly-zero histogram still gives a fraction.
    static func median(_ histogram: [Int], total: Int) -> Double {
        let half = Double(total) / 2
        var counted = 0
        for level in 0..<256 {
            let count = histogram[level]
            if Double(counted + count) >= half {
                let within = count > 0 ? (half - Double(counted)) / Double(count) : 0
                return max(0, (Double(level) - 0.5 + within) / 0.954)
            }
            counted += count
        }
        return 255
    }
}
