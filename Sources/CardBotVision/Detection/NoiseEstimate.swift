/// The sensor noise of a grayscale frame, estimated from the differences of neighbouring pixels.
///
/// On every fourth row, the median absolute difference of horizontally neighbouring pixels: edges and texture
/// are a small share of a frame's pixels, so the median sees the noise alone. For Gaussian noise of standard
/// deviation sigma the difference has deviation sigma * sqrt(2) and its absolute value a median of 0.954 sigma.
enum NoiseEstimate {
    /// The noise's standard deviation in gray levels (0 for an empty or flat frame).
    static func sigma(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int) -> Double {
        guard width >= 2, height >= 1 else { return 0 }
        var histogram = [Int](repeating: 0, count: 256)
        var total = 0
        histogram.withUnsafeMutableBufferPointer { counts in
            var y = 1
            while y < height {
                let row = pixels + y * width
                var x = 0
                while x + 1 < width {
                    let a = Int(row[x]), b = Int(row[x + 1])
                    counts[a > b ? a - b : b - a] += 1
                    x += 2
                }
                total += (width - 1 + 1) / 2
                y += 4
            }
        }
        guard total > 0 else { return 0 }
        // The median, interpolated within its bin so that a mostly-zero histogram still gives a fraction.
        let half = Double(total) / 2
        var below = 0
        for level in 0..<256 {
            let count = histogram[level]
            if Double(below + count) >= half {
                let within = count > 0 ? (half - Double(below)) / Double(count) : 0
                return (Double(level) - 0.5 + within) / 0.954
            }
            below += count
        }
        return 255
    }
}
