/// The sensor noise of a grayscale frame where it matters, estimated from the differences of neighbouring pixels.
///
/// On about 90 rows spread evenly over the frame (every fourth row of a small one), the median absolute difference
/// of pixels three apart, over the pairs at or above the sampled pixels' 90th percentile level: noise grows with
/// the light (shot noise), and it is the light pixels (white card paper) that noise can make look dark, while in
/// black areas it is clipped away. Edges and texture are a small share of a frame's pixels, so the median sees the
/// noise alone. For Gaussian noise of standard deviation sigma the difference has deviation sigma * sqrt(2) and
/// its absolute value a median of 0.954 sigma.
enum NoiseEstimate {
    /// The noise's standard deviation in gray levels (0 for an empty or flat frame).
    static func sigma(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int) -> Double {
        guard width >= 2, height >= 1 else { return 0 }
        // A 720-row frame: every 8th row, some 28,000 pairs, 3,000 of them light, plenty for a median; a 4K
        // frame: every 24th.
        let rowStep = max(4, height / 90)
        var levels = [Int](repeating: 0, count: 256)
        var sampled = 0
        levels.withUnsafeMutableBufferPointer { counts in
            var y = 1
            while y < height {
                let row = pixels + y * width
                var x = 0
                while x < width {
                    counts[Int(row[x])] += 1
                    x += 2
                }
                sampled += (width + 1) / 2
                y += rowStep
            }
        }
        guard sampled > 0 else { return 0 }
        var below = 0
        var floor = 0
        while floor < 255 && 10 * (below + levels[floor]) < 9 * sampled {
            below += levels[floor]
            floor += 1
        }
        var histogram = [Int](repeating: 0, count: 256)
        var total = 0
        // Pixels three apart: JPEG and demosaicing smooth noise over a pixel or two, so that next neighbours differ
        // less than the noise would make them.
        let lag = min(3, width - 1)
        histogram.withUnsafeMutableBufferPointer { counts in
            var y = 1
            while y < height {
                let row = pixels + y * width
                var x = 0
                while x + lag < width {
                    let a = Int(row[x]), b = Int(row[x + lag])
                    if min(a, b) >= floor {
                        counts[a > b ? a - b : b - a] += 1
                        total += 1
                    }
                    x += 2
                }
                y += rowStep
            }
        }
        guard total > 0 else { return 0 }
        // The median, interpolated within its bin so that a mostly-zero histogram still gives a fraction.
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
