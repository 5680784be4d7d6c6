import CardBotGeometry
import CardBotImaging

/// Measures what a replay drew on a frame, in pixels: where a drawn frame differs from the frame under it, and
/// whether any of that lies on a card.
public enum ReplayPixels {
    /// The pixels (x, y) where `drawn` differs from `under` by more than `threshold` in some channel.
    public static func changed(_ drawn: RGBImage, from under: RGBImage, threshold: Int = 24) -> [(x: Int, y: Int)] {
        precondition(drawn.width == under.width && drawn.height == under.height)
        var out: [(x: Int, y: Int)] = []
        for y in 0..<drawn.height {
            for x in 0..<drawn.width {
                let i = (y * drawn.width + x) * 3
                for c in 0..<3 where abs(Int(drawn.pixels[i + c]) - Int(under.pixels[i + c])) > threshold {
                    out.append((x, y))
                    break
                }
            }
        }
        return out
    }

    /// The bounding box (width, height) of `pixels`; (0, 0) for none.
    public static func extent(_ pixels: [(x: Int, y: Int)]) -> (width: Int, height: Int) {
        guard let first = pixels.first else { return (0, 0) }
        var low = first, high = first
        for p in pixels {
            low = (min(low.x, p.x), min(low.y, p.y))
            high = (max(high.x, p.x), max(high.y, p.y))
        }
        return (high.x - low.x + 1, high.y - low.y + 1)
    }

    /// Whether the centre of pixel (`x`, `y`) lies inside the convex `quad`, at least `inset` pixels from its edges.
    public static func inside(_ quad: [ImagePoint], x: Int, y: Int, inset: Double = 2) -> Bool {
        let px = Double(x), py = Double(y)
        var sign = 0.0
        for index in quad.indices {
            let a = quad[index], b = quad[(index + 1) % quad.count]
            let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            guard length > 1e-9 else { continue }
            let side = ((b.x - a.x) * (py - a.y) - (b.y - a.y) * (px - a.x)) / length
            if sign == 0 { sign = side >= 0 ? 1 : -1 }
            if side * sign < inset { return false }
        }
        return true
    }
}
