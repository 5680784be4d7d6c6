import CardBotGeometry
import CardBotImaging

/// The cheap test that a quad has light inside: what every marker has and a dark blob of a cloth does not.
extension CellReader {
    /// How far the brightest inner cell lies above the mean of the border ring, in gray levels, for the marker with
    /// outer corners `corners` (clockwise) and `cellsAcross` cells, from one sample at each cell's centre.
    ///
    /// A marker's code has white cells inside its black ring, and blur of any kind averages but does not remove
    /// them. A dark blob with no light inside (a check of a gingham cloth, a polka dot, a die's pip) reads as dark
    /// inside as at its edge, or darker. On rough corners, before they are refined: every one of 2,364 cards read
    /// in 480 synthesized frames of every condition (1280x720, 640x480 and 3840x2160) rose 28 gray levels and
    /// more, while 6,602 of the 6,616 quads found on 24 frames of gingham, polka and floral cloths rose less than
    /// the detector's least contrast (12). So such quads are dropped before the corners are refined and the cells
    /// read, which on a busy cloth is most of a frame's cost.
    static func innerRise(of corners: [ImagePoint], sampler: GraySampler, cellsAcross: Int) -> Double {
        guard let homography = Homography(unitSquareOnto: corners[0], corners[1], corners[2], corners[3]) else {
            return 0
        }
        let scale = 1 / Double(cellsAcross)
        return rise(across: cellsAcross) { row, column in
            let point = homography.map((Double(column) + 0.5) * scale, (Double(row) + 0.5) * scale)
            return sampler.value(point.x, point.y)
        }
    }

    /// How far the last marker's brightest inner cell lies above the mean of its border ring, in gray levels, from
    /// the cell means of the last reading.
    ///
    /// The same test as ``innerRise(of:sampler:cellsAcross:)`` on the refined corners, for the matching of a smeared
    /// marker: the brightest inner cell of a smeared card stays well above its ring (49 gray levels and more over
    /// the 133 smeared cards of 400 synthesized motion-blur frames and 200 hard ones at 640x480 and 1280x720 that
    /// only the blurred matching read).
    var innerRise: Double {
        let across = gridSize + 2
        return Self.rise(across: across) { row, column in values[row * across + column] }
    }

    /// The brightest inner cell minus the mean of the border ring, of `across` x `across` cells whose values
    /// `value(row, column)` gives.
    @inline(__always)
    private static func rise(across: Int, _ value: (Int, Int) -> Double) -> Double {
        var ring = 0.0, brightest = -Double.infinity
        for row in 0..<across {
            for column in 0..<across {
                if row == 0 || column == 0 || row == across - 1 || column == across - 1 {
                    ring += value(row, column)
                } else {
                    brightest = max(brightest, value(row, column))
                }
            }
        }
        return brightest - ring / Double(4 * (across - 1))
    }
}
