import CardBotImaging
import CardBotSupport

/// Reads a marker's code from its reference image.
///
/// The image shows the marker: a black border one cell wide around NxN black and white cells (N in 4...8),
/// optionally with a white margin, which is cropped away. The grid size is found by trying every N and keeping
/// the smallest for which every cell is one colour and the border is black; then each cell's centre is sampled.
public enum MarkerReference {
    /// Derives the code of the marker shown in `image`.
    /// - Parameter file: The image's path, for error messages.
    /// - Throws: `DeckError` (`.badMarker`) naming `file` when the image is not such a marker.
    public static func code(of image: GrayImage, file: String) throws -> MarkerCode {
        guard image.width >= 6, image.height >= 6 else {
            throw DeckError(
                .badMarker, file: file,
                said: Messages.later("the image is %1$sx%2$s pixels, too small to hold a marker", .number(image.width), .number(image.height)))
        }
        let (darkest, brightest) = image.pixels.withUnsafeBufferPointer { pixels in
            pixels.reduce((UInt8.max, UInt8.min)) { (min($0.0, $1), max($0.1, $1)) }
        }
        guard Int(brightest) - Int(darkest) >= 64 else {
            throw DeckError(
                .badMarker, file: file,
                said: Messages.later(
                    "the image has no clear black and white (its pixels range from %1$s to %2$s)", .number(Int(darkest)), .number(Int(brightest))))
        }
        let threshold = (Int(darkest) + Int(brightest)) / 2
        // The marker is the bounding box of the dark pixels.
        var left = image.width, right = -1, top = image.height, bottom = -1
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<image.height {
                for x in 0..<image.width where Int(pixels[y * image.width + x]) < threshold {
                    left = min(left, x)
                    right = max(right, x)
                    top = min(top, y)
                    bottom = max(bottom, y)
                }
            }
        }
        let width = right - left + 1
        let height = bottom - top + 1
        guard width >= 6, height >= 6 else {
            throw DeckError(.badMarker, file: file, said: Messages.later("the image has no black marker border in it"))
        }
        guard abs(width - height) <= max(2, max(width, height) / 20) else {
            throw DeckError(
                .badMarker, file: file,
                said: Messages.later("the marker is not square: its dark part is %1$sx%2$s pixels", .number(width), .number(height)))
        }
        let box = Box(left: left, top: top, width: width, height: height, threshold: threshold)
        for size in MarkerCode.smallestSize...MarkerCode.largestSize {
            if let code = read(image, box: box, size: size) { return code }
        }
        throw DeckError(
            .badMarker, file: file,
            said: Messages.later(
                "cannot find a marker grid in its %1$sx%2$s dark square: a marker is a black border one cell wide around 4x4 to 8x8 cells, each cell all black or all white",
                .number(width), .number(height)))
    }

    /// Reads and derives the code of the image file at `path`.
    public static func code(ofFile path: String) throws -> MarkerCode {
        try code(of: readImage(path), file: path)
    }

    /// Reads a reference image (PNG or JPEG) in grey, with errors as `DeckError`s naming the file.
    public static func readImage(_ path: String) throws -> GrayImage {
        do {
            var reader = ImageReader(limits: ImageLimits(maxPixels: 16_000_000, maxFileBytes: 64 << 20))
            return try reader.readGray(path)
        } catch let error as ImageError {
            throw DeckError(error.kind == .notFound ? .notFound : .unreadable, file: path, said: error.said)
        }
    }

    private struct Box {
        var left: Int
        var top: Int
        var width: Int
        var height: Int
        var threshold: Int
    }

    /// The code for grid `size`, or nil when some cell is not one colour or the border is not black.
    private static func read(_ image: GrayImage, box: Box, size: Int) -> MarkerCode? {
        let cells = size + 2
        let cellWidth = Double(box.width) / Double(cells)
        let cellHeight = Double(box.height) / Double(cells)
        guard cellWidth >= 2, cellHeight >= 2 else { return nil }
        var white = [Bool](repeating: false, count: size * size)
        return image.pixels.withUnsafeBufferPointer { pixels -> MarkerCode? in
            for row in 0..<cells {
                for column in 0..<cells {
                    // The central half of the cell must be one colour.
                    let x0 = box.left + Int((Double(column) + 0.25) * cellWidth + 0.5)
                    let x1 = box.left + Int((Double(column) + 0.75) * cellWidth - 0.5)
                    let y0 = box.top + Int((Double(row) + 0.25) * cellHeight + 0.5)
                    let y1 = box.top + Int((Double(row) + 0.75) * cellHeight - 0.5)
                    var dark = 0
                    var total = 0
                    for y in y0...max(y0, y1) {
                        for x in x0...max(x0, x1) {
                            total += 1
                            if Int(pixels[y * image.width + x]) < box.threshold { dark += 1 }
                        }
                    }
                    let isDark: Bool
                    if dark * 10 >= total * 9 {
                        isDark = true
                    } else if dark * 10 <= total {
                        isDark = false
                    } else {
                        return nil
                    }
                    let border = row == 0 || column == 0 || row == cells - 1 || column == cells - 1
                    if border {
                        if !isDark { return nil }
                    } else {
                        white[(row - 1) * size + (column - 1)] = !isDark
                    }
                }
            }
            return MarkerCode(size: size, cells: white)
        }
    }
}
