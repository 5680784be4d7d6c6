/// Bilinear reads of a grayscale frame at sub-pixel positions (pixel centres at whole coordinates).
struct GraySampler {
    let pixels: UnsafePointer<UInt8>
    let width: Int
    let height: Int

    /// The interpolated value at (`x`, `y`), clamped to the frame.
    @inline(__always)
    func value(_ x: Double, _ y: Double) -> Double {
        let maxX = Double(width - 1), maxY = Double(height - 1)
        let cx = x < 0 ? 0 : (x > maxX ? maxX : x)
        let cy = y < 0 ? 0 : (y > maxY ? maxY : y)
        return valueInside(cx, cy)
    }

    /// The interpolated value at (`x`, `y`), which must lie in the frame (`contains(x, y, margin: 0)`): `value`
    /// without the clamping, for the corner refiner's profiles, which are checked at both ends.
    @inline(__always)
    func valueInside(_ x: Double, _ y: Double) -> Double {
        assert(contains(x, y, margin: 0), "a point outside the frame")
        var ix = Int(x), iy = Int(y)
        if ix >= width - 1 { ix = max(width - 2, 0) }
        if iy >= height - 1 { iy = max(height - 2, 0) }
        let fx = x - Double(ix), fy = y - Double(iy)
        let row = pixels + (iy &* width &+ ix)
        let p00 = Double(row[0]), p01 = Double(row[1])
        let p10 = Double(row[width]), p11 = Double(row[width + 1])
        let top = p00 + (p01 - p00) * fx
        let bottom = p10 + (p11 - p10) * fx
        return top + (bottom - top) * fy
    }

    /// Whether (`x`, `y`) lies inside the frame with `margin` pixels to spare.
    @inline(__always)
    func contains(_ x: Double, _ y: Double, margin: Double) -> Bool {
        x >= margin && y >= margin && x <= Double(width - 1) - margin && y <= Double(height - 1) - margin
    }
}
