import Foundation

extension ClothPrint {
    /// One flower of a floral print, in texels.
    struct Flower {
        var x: Double
        var y: Double
        var radius: Double
    }

    /// A floral print: flowers of varied sizes with curved petals (the first ink, some in the third), leaves in
    /// the second ink behind them, centres, and buds scattered between.
    ///
    /// The four patterns are large open flowers, small close-set flowers, a mix of sizes, and daisies with many
    /// narrow petals. Flowers are placed at random on the tile (wrapping around it) without crowding.
    func paintFlowers(_ t: UnsafeMutableBufferPointer<Float>, _ random: inout SynthRandom) {
        let n = Double(TableTexture.size)
        let kind = Int(pattern % 4)
        let sizes: ClosedRange<Double> = [22...30, 5...9, 6...26, 10...18][kind]
        let petalCounts: ClosedRange<Int> = [5...7, 5...6, 5...8, 11...16][kind]
        var flowers: [Flower] = []
        for _ in 0..<1500 {
            let radius = Self.texels(random.uniform(sizes))
            let flower = Flower(x: random.uniform(0...n), y: random.uniform(0...n), radius: radius)
            let crowded = flowers.contains { other in
                let dx = Self.wrapped(flower.x - other.x, n)
                let dy = Self.wrapped(flower.y - other.y, n)
                let room = (flower.radius + other.radius) * 1.25 + Self.texels(4)
                return dx * dx + dy * dy < room * room
            }
            if !crowded { flowers.append(flower) }
        }
        // Leaves first, so that the flowers lie over them.
        for flower in flowers {
            let count = random.int(2...3)
            let start = random.uniform(0...(2 * Double.pi))
            for leaf in 0..<count {
                let angle = start + Double(leaf) * 2 * Double.pi / Double(count) + random.signed() * 0.5
                let length = flower.radius * random.uniform(0.85...1.35)
                let base = flower.radius * 0.7
                Self.paintLeaf(
                    t, x: flower.x + cos(angle) * base, y: flower.y + sin(angle) * base,
                    angle: angle + random.signed() * 0.35, length: length, width: length * random.uniform(0.2...0.27), bend: random.signed() * 0.18,
                    strength: Float(random.uniform(0.8...1)))
            }
        }
        for flower in flowers {
            // Most flowers in the first ink, full or as a tint; some in the third, with a centre in the first.
            let third = random.chance(0.3)
            let strength = Float(random.chance(0.35) ? random.uniform(0.55...0.7) : 1)
            Self.paintFlower(
                t, flower, petals: random.int(petalCounts), petalInk: third ? 2 : 0, strength: strength,
                centreInk: third ? 0 : 2, phase: random.uniform(0...(2 * Double.pi)), bend: random.signed() * 0.25)
        }
        // Buds and sprigs in the gaps.
        for _ in 0..<Int(n * n / Self.texels(30) / Self.texels(30)) {
            let x = random.uniform(0...n)
            let y = random.uniform(0...n)
            let free = flowers.allSatisfy { flower in
                let dx = Self.wrapped(x - flower.x, n)
                let dy = Self.wrapped(y - flower.y, n)
                return dx * dx + dy * dy > (flower.radius * 1.45) * (flower.radius * 1.45)
            }
            guard free else { continue }
            let angle = random.uniform(0...(2 * Double.pi))
            let length = Self.texels(random.uniform(6...11))
            Self.paintLeaf(
                t, x: x, y: y, angle: angle, length: length, width: length * 0.24, bend: random.signed() * 0.2,
                strength: 1)
            Self.paintDisc(
                t, x: x - cos(angle) * Self.texels(1.2), y: y - sin(angle) * Self.texels(1.2),
                radius: Self.texels(random.uniform(1.4...2.6)), ink: random.chance(0.5) ? 0 : 2)
        }
    }

    /// `d` wrapped into -n/2 to n/2: the shorter way round the tile.
    static func wrapped(_ d: Double, _ n: Double) -> Double {
        d - n * (d / n).rounded()
    }

    /// A flower: `petals` curved petals around a centre disc, each a bent ellipse, a little darker at the rim.
    static func paintFlower(
        _ t: UnsafeMutableBufferPointer<Float>, _ flower: Flower, petals: Int, petalInk: Int, strength: Float,
        centreInk: Int, phase: Double, bend: Double
    ) {
        let r = flower.radius
        let a = r * 0.5
        let b = r * min(0.36, 2.1 / Double(petals))
        for petal in 0..<petals {
            let angle = phase + Double(petal) * 2 * Double.pi / Double(petals)
            let c = cos(angle)
            let s = sin(angle)
            paintShape(t, x: flower.x + c * a, y: flower.y + s * a, reach: a + b, ink: petalInk) { dx, dy in
                let x = dx * c + dy * s
                let y = -dx * s + dy * c - bend * x * x / a
                let edge = coverage(ellipseDistance(x, y, a, b))
                return edge * strength * Float(0.8 + 0.2 * max(0, min(1, (x / a + 1) / 2)))
            }
        }
        paintDisc(t, x: flower.x, y: flower.y, radius: r * 0.2, ink: centreInk)
        // A ring of dots (stamens) round the centre on the larger flowers.
        if r > texels(10) {
            for dot in 0..<9 {
                let angle = phase + Double(dot) * 2 * Double.pi / 9
                paintDisc(
                    t, x: flower.x + cos(angle) * r * 0.3, y: flower.y + sin(angle) * r * 0.3, radius: r * 0.045,
                    ink: centreInk)
            }
        }
    }

    /// A pointed leaf from (x, y) along `angle`: widest in the middle, its midline bent by `bend` of its length, with
    /// a pale vein.
    static func paintLeaf(
        _ t: UnsafeMutableBufferPointer<Float>, x: Double, y: Double, angle: Double, length: Double, width: Double,
        bend: Double, strength: Float
    ) {
        let c = cos(angle)
        let s = sin(angle)
        let half = width / 2
        let vein = max(0.35, texels(0.35))
        paintShape(t, x: x + c * length / 2, y: y + s * length / 2, reach: length / 2 + half, ink: 1) { dx, dy in
            let along = (dx * c + dy * s) + length / 2
            let across = -dx * s + dy * c
            let f = along / length
            guard f >= 0, f <= 1 else { return 0 }
            let clamped = max(0, min(1, f))
            let middle = bend * length * 4 * clamped * (1 - clamped)
            let halfWidth = half * 4 * clamped * (1 - clamped)
            let slope = half * 4 * (1 - 2 * clamped) / length
            let offset = abs(across - middle)
            let outline = coverage((offset - halfWidth) / (1 + slope * slope).squareRoot())
            // The vein: the ground showing through along the midline, fading towards the tip.
            let veinShare = f < 0.85 ? coverage(offset - vein) * 0.55 : 0
            return outline * strength * (1 - veinShare)
        }
    }
}
