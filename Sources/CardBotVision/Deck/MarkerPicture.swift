import CardBotImaging
import CardBotSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A picture card's marker: any picture (a teacher's drawing) inside a black border, kept as a small
/// normalised patch for matching by correlation.
///
/// The printed marker is a square whose black border is an eighth of its side on every edge; the picture fills
/// the inside (three quarters of the side), scaled to fit and centred on white. Matching compares the
/// straightened inside of a found square with every picture in all four rotations by normalised correlation
/// (1 is the same picture, 0 unrelated), so light, contrast and print darkness do not matter.
public struct MarkerPicture: Sendable, Hashable {
    public static func == (a: MarkerPicture, b: MarkerPicture) -> Bool { a.patch == b.patch && a.image == b.image }

    public func hash(into hasher: inout Hasher) { hasher.combine(patch) }

    /// Cells along one side of the matching patch.
    public static let patchSize = 24
    /// The border's width as a share of the marker's side.
    public static let borderFraction = 0.125
    /// The rim of the inside left out of matching, as a share of the marker's side.
    public static let rimFraction = Double(fittedSide - patchSize * 8) / 2 / Double(fittedSide) * (1 - 2 * borderFraction)
    /// The side the picture is fitted to before the rim is cut and the rest averaged down to the patch.
    static let fittedSide = 204

    /// The picture as given (the inside of the marker), for printing and drawing.
    public let image: GrayImage
    /// The upright patch: `patchSize * patchSize` values, lightly smoothed, high-passed, zero mean, unit length.
    public let patch: [Float]

    /// Creates a picture marker from the picture that goes inside the border.
    /// - Parameter file: The picture's path, for error messages.
    /// - Throws: `DeckError` (`.badMarker`) when the picture is too small or has no contrast to match.
    public init(image: GrayImage, file: String) throws {
        guard image.width >= 8, image.height >= 8 else {
            throw DeckError(
                .badMarker, file: file,
                said: Messages.later(
                    "the picture is %1$sx%2$s pixels; give at least 8x8 (100x100 or more is best)", .number(image.width), .number(image.height)))
        }
        let side = Self.patchSize
        // Area-average the picture, fitted into a square on white, down to the patch, leaving out a thin rim
        // (the detector leaves it out too, so that a corner found a little off does not bring in the border).
        let fitted = Self.fitted(image, side: Self.fittedSide)
        let rim = (Self.fittedSide - side * 8) / 2
        var patch = [Float](repeating: 0, count: side * side)
        fitted.pixels.withUnsafeBufferPointer { pixels in
            for row in 0..<side {
                for column in 0..<side {
                    var sum = 0
                    for y in (rim + row * 8)..<(rim + row * 8 + 8) {
                        for x in (rim + column * 8)..<(rim + column * 8 + 8) { sum += Int(pixels[y * Self.fittedSide + x]) }
                    }
                    patch[row * side + column] = Float(sum) / 64
                }
            }
        }
        guard let normalised = Self.features(patch) else {
            throw DeckError(
                .badMarker, file: file,
                said: Messages.later("the picture is blank (one flat colour); draw a picture with clear dark lines or shapes"))
        }
        self.image = image
        self.patch = normalised
    }

    /// The patch turned `quarterTurns` quarter turns clockwise.
    public func rotatedPatch(quarterTurns: Int) -> [Float] {
        Self.rotate(patch, side: Self.patchSize, quarterTurns: quarterTurns)
    }

    /// The correlation of this picture with `other` turned by the number of clockwise quarter turns that
    /// gives the highest, with that number.
    public func closestRotation(of other: MarkerPicture) -> (correlation: Double, quarterTurns: Int) {
        var best = (correlation: -Double.infinity, quarterTurns: 0)
        for turns in 0..<4 {
            let value = Self.correlation(patch, other.rotatedPatch(quarterTurns: turns))
            if value > best.correlation { best = (value, turns) }
        }
        return best
    }

    /// The highest correlation of the picture with itself turned by one, two or three quarter turns:
    /// near 1 for a picture whose up cannot be told.
    public var rotationalSimilarity: Double {
        (1..<4).map { Self.correlation(patch, rotatedPatch(quarterTurns: $0)) }.max() ?? 0
    }

    /// The whole marker, `side` pixels across: the black border and the picture fitted inside it.
    public func markerImage(side: Int) -> GrayImage {
        let side = max(8, side)
        let border = Int((Double(side) * Self.borderFraction).rounded())
        let insideSide = side - 2 * border
        let inside = Self.fitted(image, side: insideSide)
        var marker = GrayImage(width: side, height: side, fill: 0)
        marker.pixels.withUnsafeMutableBufferPointer { out in
            inside.pixels.withUnsafeBufferPointer { pixels in
                for y in 0..<insideSide {
                    for x in 0..<insideSide { out[(y + border) * side + x + border] = pixels[y * insideSide + x] }
                }
            }
        }
        return marker
    }

    // MARK: - Patch arithmetic (shared with the detector)

    /// The dot product of two normalised patches: their correlation.
    @inline(__always)
    static func correlation(_ a: [Float], _ b: [Float]) -> Double {
        var sum: Float = 0
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                for i in 0..<a.count { sum += a[i] * b[i] }
            }
        }
        return Double(sum)
    }

    /// The patch with a [1 2 1] smoothing along rows and columns (edges repeat), so that small shifts and blur
    /// from the camera change the correlation little.
    static func smooth(_ values: [Float], side: Int) -> [Float] {
        var across = values
        var result = values
        for row in 0..<side {
            for column in 0..<side {
                let left = values[row * side + max(0, column - 1)]
                let right = values[row * side + min(side - 1, column + 1)]
                across[row * side + column] = (left + 2 * values[row * side + column] + right) / 4
            }
        }
        for row in 0..<side {
            for column in 0..<side {
                let up = across[max(0, row - 1) * side + column]
                let down = across[min(side - 1, row + 1) * side + column]
                result[row * side + column] = (up + 2 * across[row * side + column] + down) / 4
            }
        }
        return result
    }

    /// The matching features of a raw patch of grey levels: lightly smoothed, less its blur at two cells
    /// (shapes and edges count, large flat areas do not), zero mean and unit length; nil for a flat patch.
    static func features(_ raw: [Float]) -> [Float]? {
        let side = patchSize
        var minimum: Float = .infinity, maximum: Float = -.infinity
        for value in raw {
            minimum = min(minimum, value)
            maximum = max(maximum, value)
        }
        guard maximum - minimum >= 8 else { return nil }
        let smoothed = smooth(raw, side: side)
        let background = gaussian(smoothed, side: side)
        var detail = smoothed
        for i in detail.indices { detail[i] -= background[i] }
        return normalise(detail)
    }

    /// A Gaussian blur of sigma two cells (edges repeat).
    static func gaussian(_ values: [Float], side: Int) -> [Float] {
        let kernel: [Float] = {
            let raw = (-6...6).map { Float(exp(-Double($0 * $0) / 8)) }
            let total = raw.reduce(0, +)
            return raw.map { $0 / total }
        }()
        var across = values
        var result = values
        for row in 0..<side {
            for column in 0..<side {
                var sum: Float = 0
                for k in -6...6 { sum += kernel[k + 6] * values[row * side + min(side - 1, max(0, column + k))] }
                across[row * side + column] = sum
            }
        }
        for row in 0..<side {
            for column in 0..<side {
                var sum: Float = 0
                for k in -6...6 { sum += kernel[k + 6] * across[min(side - 1, max(0, row + k)) * side + column] }
                result[row * side + column] = sum
            }
        }
        return result
    }

    /// Zero mean and unit length, or nil when the values are (nearly) flat.
    static func normalise(_ values: [Float]) -> [Float]? {
        let mean = values.reduce(0, +) / Float(values.count)
        var length: Float = 0
        for value in values { length += (value - mean) * (value - mean) }
        guard length / Float(values.count) >= 0.25 else { return nil }
        let scale = 1 / length.squareRoot()
        return values.map { ($0 - mean) * scale }
    }

    /// A square patch turned `quarterTurns` clockwise.
    static func rotate(_ values: [Float], side: Int, quarterTurns: Int) -> [Float] {
        let turns = (quarterTurns % 4 + 4) % 4
        guard turns != 0 else { return values }
        var result = values
        for row in 0..<side {
            for column in 0..<side {
                let source: Int
                switch turns {
                // Clockwise: the cell at (row, column) shows what was at (side - 1 - column, row).
                case 1: source = (side - 1 - column) * side + row
                case 2: source = (side - 1 - row) * side + (side - 1 - column)
                default: source = column * side + (side - 1 - row)
                }
                result[row * side + column] = values[source]
            }
        }
        return result
    }

    /// `image` scaled to fit a `side` x `side` square (area-averaged when shrinking, nearest when growing),
    /// centred on white.
    static func fitted(_ image: GrayImage, side: Int) -> GrayImage {
        let scale = Double(side) / Double(max(image.width, image.height))
        let width = max(1, min(side, Int((Double(image.width) * scale).rounded())))
        let height = max(1, min(side, Int((Double(image.height) * scale).rounded())))
        let left = (side - width) / 2
        let top = (side - height) / 2
        var out = GrayImage(width: side, height: side, fill: 255)
        out.pixels.withUnsafeMutableBufferPointer { out in
            image.pixels.withUnsafeBufferPointer { source in
                for y in 0..<height {
                    let sy0 = Double(y) / Double(height) * Double(image.height)
                    let sy1 = Double(y + 1) / Double(height) * Double(image.height)
                    let y0 = min(image.height - 1, Int(sy0))
                    let y1 = max(y0 + 1, min(image.height, Int(sy1.rounded(.up))))
                    for x in 0..<width {
                        let sx0 = Double(x) / Double(width) * Double(image.width)
                        let sx1 = Double(x + 1) / Double(width) * Double(image.width)
                        let x0 = min(image.width - 1, Int(sx0))
                        let x1 = max(x0 + 1, min(image.width, Int(sx1.rounded(.up))))
                        var sum = 0
                        for yy in y0..<y1 {
                            for xx in x0..<x1 { sum += Int(source[yy * image.width + xx]) }
                        }
                        out[(y + top) * side + x + left] = UInt8(sum / ((y1 - y0) * (x1 - x0)))
                    }
                }
            }
        }
        return out
    }
}
