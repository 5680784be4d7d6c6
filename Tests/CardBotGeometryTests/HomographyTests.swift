import CardBotGeometry
import Foundation
import Testing

/// The projective map's behaviour: the unit square onto a quad, composition, inversion and similarities.
@Suite("homography")
struct HomographyTests {
    /// A perspective quad (no two sides parallel), clockwise in the image as markers are.
    static let quad = [ImagePoint(100, 50), ImagePoint(260, 80), ImagePoint(240, 230), ImagePoint(90, 190)]
    /// A perspective view of the table: table millimetres to pixels.
    static let tableToImage = Homography(1.9, 0.35, 640, -0.1, 1.1, 380, 0.00011, 0.0009, 1)

    static func close(_ a: (x: Double, y: Double), _ b: ImagePoint, within tolerance: Double = 1e-9) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    @Test("the unit square's corners map onto the quad's, in order, for a perspective quad and a parallelogram")
    func unitSquareOntoQuad() throws {
        let parallelogram = [ImagePoint(10, 10), ImagePoint(50, 20), ImagePoint(45, 60), ImagePoint(5, 50)]
        for corners in [Self.quad, parallelogram] {
            let h = try #require(Homography(unitSquareOnto: corners[0], corners[1], corners[2], corners[3]))
            for (corner, (u, v)) in zip(corners, [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]) {
                #expect(Self.close(h.map(u, v), corner), "(\(u), \(v)) -> \(h.map(u, v)), not \(corner)")
                let applied = try #require(h.apply(u, v))
                #expect(Self.close((applied.x, applied.y), corner))
            }
        }
    }

    @Test("the centre of the unit square maps onto the crossing of the quad's diagonals")
    func centreOntoDiagonals() throws {
        let q = Self.quad
        let h = try #require(Homography(unitSquareOnto: q[0], q[1], q[2], q[3]))
        // The diagonals q0-q2 and q1-q3 cross at q0 + t (q2 - q0).
        let d1 = (q[2].x - q[0].x, q[2].y - q[0].y), d2 = (q[3].x - q[1].x, q[3].y - q[1].y)
        let t = ((q[1].x - q[0].x) * d2.1 - (q[1].y - q[0].y) * d2.0) / (d1.0 * d2.1 - d1.1 * d2.0)
        #expect(Self.close(h.map(0.5, 0.5), ImagePoint(q[0].x + t * d1.0, q[0].y + t * d1.1)))
    }

    @Test("a quad whose last three corners lie on one line gives no map")
    func degenerateQuad() {
        #expect(Homography(unitSquareOnto: ImagePoint(0, 5), ImagePoint(1, 1), ImagePoint(2, 2), ImagePoint(3, 3)) == nil)
    }

    @Test("both inverses take image points back to the table points they came from")
    func inverseRoundTrip() throws {
        let h = Self.tableToImage
        let inverse = try #require(h.inverse)
        let divided = try #require(h.inverseByDivision)
        for x in stride(from: -300.0, through: 300, by: 75) {
            for y in stride(from: -200.0, through: 200, by: 50) {
                let seen = try #require(h.apply(x, y))
                for back in [inverse, divided] {
                    let table = back.project(seen.x, seen.y)
                    #expect(abs(table.x - x) < 1e-8 && abs(table.y - y) < 1e-8, "(\(x), \(y)) came back as \(table)")
                }
            }
        }
        let identity = h.concatenating(inverse)
        let p = identity.project(12.5, -7.25)
        #expect(abs(p.x - 12.5) < 1e-9 && abs(p.y + 7.25) < 1e-9)
    }

    @Test("a singular map has no inverse")
    func singular() {
        let collapsing = Homography(1, 2, 3, 2, 4, 6, 0, 0, 1)
        #expect(collapsing.determinant == 0)
        #expect(collapsing.inverse == nil)
        #expect(collapsing.inverseByDivision == nil)
        #expect(Homography(.infinity, 0, 0, 0, 1, 0, 0, 0, 1).inverse == nil)
    }

    @Test("concatenating applies the right-hand map first")
    func concatenation() throws {
        let turn = Homography.similarity(angle: Double.pi / 6, scale: 1.5, tx: 20, ty: -10)
        let both = Self.tableToImage.concatenating(turn)
        for (x, y) in [(0.0, 0.0), (50.0, -30.0), (-120.0, 80.0)] {
            let first = try #require(turn.apply(x, y))
            let expected = try #require(Self.tableToImage.apply(first.x, first.y))
            let got = try #require(both.apply(x, y))
            #expect(abs(got.x - expected.x) < 1e-9 && abs(got.y - expected.y) < 1e-9)
        }
        #expect(Homography.identity.concatenating(turn) == turn)
    }

    @Test("a similarity rotates counter-clockwise in x-right y-up terms, scales, then translates")
    func similarity() throws {
        let h = Homography.similarity(angle: Double.pi / 2, scale: 2, tx: 5, ty: 7)
        let p = try #require(h.apply(1, 0))
        #expect(abs(p.x - 5) < 1e-12 && abs(p.y - 9) < 1e-12)
        #expect(abs(h.determinant - 4) < 1e-12)
        #expect(Homography.similarity() == .identity)
    }

    @Test("points on or behind the line at infinity do not map; project maps them anyway")
    func behindTheCamera() {
        let h = Homography(1, 0, 0, 0, 1, 0, 0.01, 0, 1)
        #expect(h.apply(-100, 5) == nil)
        #expect(h.apply(-200, 5) == nil)
        #expect(h.w(-200, 5) < 0)
        let p = h.project(-200, 5)
        #expect(p.x == 200 && p.y == -5)
    }

    @Test("scaling every entry leaves the map as it was")
    func scaling() throws {
        let scaled = Self.tableToImage.scaled(by: -3)
        let a = try #require(Self.tableToImage.apply(40, 25))
        let b = scaled.project(40, 25)
        #expect(abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9)
        #expect(scaled.apply(40, 25) == nil, "w is negative after a negative scale")
    }
}
