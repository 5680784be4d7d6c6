import CCairo
import CardBotImaging

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A drawing surface on cairo: a PDF or SVG document (vector shapes, real text), or a picture in memory.
///
/// Coordinates are in the canvas's own units, y down: millimetres for paper (`pdf`, `svg`, `paper(…dpi:)`) and
/// pixels for `picture(_:)`. Every printed or pictured thing in CardBot (card sheets, level worksheets, labels on
/// annotated frames, report pictures) is drawn through this one type; text goes through Pango (`Canvas+Text`).
public final class Canvas {
    /// What the canvas draws into.
    public enum Output {
        /// A PDF document, one page after another.
        case pdf
        /// An SVG picture (one page).
        case svg
        /// Pixels in memory, read back with `image`.
        case raster
    }

    /// The kind of output.
    public let output: Output
    /// The page's width in canvas units.
    public let width: Double
    /// The page's height in canvas units.
    public let height: Double
    /// Device units (points or pixels) per canvas unit.
    public let scale: Double

    /// Every block of text drawn so far, in order.
    public internal(set) var drawnText: [DrawnText] = []

    let surface: OpaquePointer
    let context: OpaquePointer
    private let sink: ByteSink?
    private var finished = false

    /// Points per millimetre (PDF and SVG measure in points of 1/72 inch).
    public static let pointsPerMillimetre = 72 / 25.4

    /// A PDF document of pages `widthMM` x `heightMM` millimetres; call `finish()` for its bytes.
    public init(pdfWidthMM widthMM: Double, heightMM: Double, title: String? = nil) {
        let sink = ByteSink()
        self.sink = sink
        output = .pdf
        width = widthMM
        height = heightMM
        scale = Self.pointsPerMillimetre
        surface = cairo_pdf_surface_create_for_stream(
            ByteSink.write, Unmanaged.passUnretained(sink).toOpaque(), widthMM * scale, heightMM * scale)
        if let title { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title) }
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "CardBot")
        context = cairo_create(surface)
        cairo_scale(context, scale, scale)
    }

    /// An SVG picture `widthMM` x `heightMM` millimetres; call `finish()` for its bytes.
    public init(svgWidthMM widthMM: Double, heightMM: Double) {
        let sink = ByteSink()
        self.sink = sink
        output = .svg
        width = widthMM
        height = heightMM
        scale = Self.pointsPerMillimetre
        surface = cairo_svg_surface_create_for_stream(
            ByteSink.write, Unmanaged.passUnretained(sink).toOpaque(), widthMM * scale, heightMM * scale)
        cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_MM)
        context = cairo_create(surface)
        cairo_scale(context, scale, scale)
    }

    /// A white picture of paper `widthMM` x `heightMM` millimetres at `dpi` dots per inch, drawn in millimetres.
    public convenience init(paperWidthMM widthMM: Double, heightMM: Double, dpi: Int) {
        let scale = Double(dpi) / 25.4
        self.init(
            pixelsWide: Int((widthMM * scale).rounded()), high: Int((heightMM * scale).rounded()), scale: scale,
            background: RGB(255, 255, 255))
    }

    /// A picture of `width` x `height` pixels filled with `background`, drawn in pixels.
    public convenience init(pixelsWide width: Int, high height: Int, background: RGB) {
        self.init(pixelsWide: width, high: height, scale: 1, background: background)
    }

    /// A picture holding a copy of `image`, drawn in pixels (pixel (x, y) covers x...x+1, y...y+1).
    public convenience init(picture image: RGBImage) {
        self.init(pixelsWide: image.width, high: image.height, scale: 1, background: nil)
        Self.copy(image, into: surface)
    }

    private init(pixelsWide pixelWidth: Int, high pixelHeight: Int, scale: Double, background: RGB?) {
        sink = nil
        output = .raster
        self.scale = scale
        width = Double(max(1, pixelWidth)) / scale
        height = Double(max(1, pixelHeight)) / scale
        surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(max(1, pixelWidth)), Int32(max(1, pixelHeight)))
        context = cairo_create(surface)
        cairo_scale(context, scale, scale)
        if let background { fillRectangle(0, 0, width, height, color: background) }
    }

    deinit {
        cairo_destroy(context)
        if !finished { cairo_surface_finish(surface) }
        cairo_surface_destroy(surface)
    }

    // MARK: - Pages and output

    /// Ends the page and starts a new one (PDF); a picture or SVG has only one page, so this does nothing there.
    public func newPage() {
        guard output == .pdf else { return }
        cairo_show_page(context)
    }

    /// Ends the document and returns its bytes (PDF or SVG; a picture's are PNG-encoded).
    /// - Throws: `CanvasError` when cairo reports a failure.
    public func finish() throws -> [UInt8] {
        if output == .raster { return try PNGCodec.encode(image) }
        cairo_surface_finish(surface)
        finished = true
        try checkStatus()
        return sink?.bytes ?? []
    }

    /// The picture drawn so far (a raster canvas; a document gives an empty image).
    public var image: RGBImage {
        guard output == .raster else { return RGBImage(width: 0, height: 0) }
        cairo_surface_flush(surface)
        let pixelWidth = Int(cairo_image_surface_get_width(surface))
        let pixelHeight = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return RGBImage(width: 0, height: 0) }
        let pixels = [UInt8](unsafeUninitializedCapacity: pixelWidth * pixelHeight * 3) { buffer, count in
            for y in 0..<pixelHeight {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<pixelWidth {
                    let value = row[x]
                    let out = (y * pixelWidth + x) * 3
                    buffer[out] = UInt8(truncatingIfNeeded: value >> 16)
                    buffer[out + 1] = UInt8(truncatingIfNeeded: value >> 8)
                    buffer[out + 2] = UInt8(truncatingIfNeeded: value)
                }
            }
            count = pixelWidth * pixelHeight * 3
        }
        return RGBImage(width: pixelWidth, height: pixelHeight, pixels: pixels)
    }

    /// The picture drawn so far in grey (the mean of red, green and blue).
    public var grayImage: GrayImage {
        let rgb = image
        return GrayImage(width: rgb.width, height: rgb.height) { output in
            rgb.pixels.withUnsafeBufferPointer { source in
                for index in 0..<(rgb.width * rgb.height) {
                    let sum = Int(source[index * 3]) + Int(source[index * 3 + 1]) + Int(source[index * 3 + 2])
                    output[index] = UInt8((sum + 1) / 3)
                }
            }
        }
    }

    func checkStatus() throws {
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw CanvasError(reason: String(cString: cairo_status_to_string(status)))
        }
        let drawing = cairo_status(context)
        guard drawing == CAIRO_STATUS_SUCCESS else {
            throw CanvasError(reason: String(cString: cairo_status_to_string(drawing)))
        }
    }

    // MARK: - Shapes

    private func setColor(_ color: RGB, alpha: Double = 1) {
        cairo_set_source_rgba(
            context, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255, alpha)
    }

    private func path(_ points: [(Double, Double)], closed: Bool) {
        guard let first = points.first else { return }
        cairo_move_to(context, first.0, first.1)
        for point in points.dropFirst() { cairo_line_to(context, point.0, point.1) }
        if closed { cairo_close_path(context) }
    }

    /// Fills a polygon.
    public func fill(_ polygon: [(Double, Double)], color: RGB, alpha: Double = 1) {
        cairo_new_path(context)
        path(polygon, closed: true)
        setColor(color, alpha: alpha)
        cairo_fill(context)
    }

    /// Fills several polygons as one shape (where they overlap, the shape is filled once).
    public func fill(_ polygons: [[(Double, Double)]], color: RGB) {
        cairo_new_path(context)
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
        for polygon in polygons { path(polygon, closed: true) }
        setColor(color)
        cairo_fill(context)
    }

    /// Runs `body` with drawing limited to the rectangle from (`x0`, `y0`) to (`x1`, `y1`).
    public func clipped(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ body: () -> Void) {
        cairo_save(context)
        cairo_new_path(context)
        cairo_rectangle(context, x0, y0, x1 - x0, y1 - y0)
        cairo_clip(context)
        body()
        cairo_restore(context)
    }

    /// Fills the rectangle from (`x0`, `y0`) to (`x1`, `y1`).
    public func fillRectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, color: RGB, alpha: Double = 1) {
        cairo_new_path(context)
        cairo_rectangle(context, x0, y0, x1 - x0, y1 - y0)
        setColor(color, alpha: alpha)
        cairo_fill(context)
    }

    /// Outlines the rectangle from (`x0`, `y0`) to (`x1`, `y1`) with a line `width` thick centred on its edges.
    public func strokeRectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, width: Double, color: RGB) {
        stroke([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], width: width, color: color, closed: true)
    }

    /// A line through `points`, `width` thick, with round joins and ends; `closed` joins the last point to the first.
    public func stroke(_ points: [(Double, Double)], width: Double, color: RGB, closed: Bool = false) {
        cairo_new_path(context)
        path(points, closed: closed)
        cairo_set_line_width(context, width)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        setColor(color)
        cairo_stroke(context)
    }

    /// A filled circle.
    public func fillCircle(_ cx: Double, _ cy: Double, radius: Double, color: RGB) {
        cairo_new_path(context)
        cairo_arc(context, cx, cy, radius, 0, 2 * Double.pi)
        setColor(color)
        cairo_fill(context)
    }

    /// A circle's outline, `width` thick.
    public func strokeCircle(_ cx: Double, _ cy: Double, radius: Double, width: Double, color: RGB) {
        cairo_new_path(context)
        cairo_arc(context, cx, cy, radius, 0, 2 * Double.pi)
        cairo_set_line_width(context, width)
        setColor(color)
        cairo_stroke(context)
    }

    /// The points of a circular arc from `start` to `end` radians (y down, so positive angles turn clockwise).
    public static func arc(_ cx: Double, _ cy: Double, _ radius: Double, from start: Double, to end: Double) -> [(Double, Double)] {
        let steps = max(8, Int(abs(end - start) / (Double.pi / 48)))
        return (0...steps).map { step in
            let angle = start + (end - start) * Double(step) / Double(steps)
            return (cx + radius * cos(angle), cy + radius * sin(angle))
        }
    }

    /// A filled arrowhead with its tip at (`x`, `y`) pointing along `angle` (radians, y down), `size` long.
    public func arrowhead(_ x: Double, _ y: Double, angle: Double, size: Double, color: RGB) {
        let back = angle + Double.pi
        let spread = 0.6
        fill(
            [
                (x, y), (x + size * cos(back + spread), y + size * sin(back + spread)),
                (x + size * 0.55 * cos(back), y + size * 0.55 * sin(back)),
                (x + size * cos(back - spread), y + size * sin(back - spread)),
            ], color: color)
    }

    // MARK: - Pictures

    /// Draws a grey image into the rectangle from (`x`, `y`), `width` x `height` units, each pixel a sharp square
    /// (no smoothing: a marker's cells stay crisp at any size).
    public func draw(_ gray: GrayImage, x: Double, y: Double, width: Double, height: Double) {
        guard gray.width > 0, gray.height > 0 else { return }
        let picture = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(gray.width), Int32(gray.height))!
        defer { cairo_surface_destroy(picture) }
        Self.fillPixels(of: picture) { x, y in
            let value = UInt32(gray.pixels[y * gray.width + x])
            return value << 16 | value << 8 | value
        }
        paint(picture, pixelWidth: gray.width, pixelHeight: gray.height, x: x, y: y, width: width, height: height)
    }

    /// Draws a colour image into the rectangle from (`x`, `y`), `width` x `height` units, each pixel a sharp square.
    public func draw(_ rgb: RGBImage, x: Double, y: Double, width: Double, height: Double) {
        guard rgb.width > 0, rgb.height > 0 else { return }
        let picture = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(rgb.width), Int32(rgb.height))!
        defer { cairo_surface_destroy(picture) }
        Self.copy(rgb, into: picture)
        paint(picture, pixelWidth: rgb.width, pixelHeight: rgb.height, x: x, y: y, width: width, height: height)
    }

    private func paint(
        _ picture: OpaquePointer, pixelWidth: Int, pixelHeight: Int, x: Double, y: Double, width: Double, height: Double
    ) {
        cairo_save(context)
        cairo_translate(context, x, y)
        cairo_scale(context, width / Double(pixelWidth), height / Double(pixelHeight))
        cairo_set_source_surface(context, picture, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_NEAREST)
        cairo_new_path(context)
        cairo_rectangle(context, 0, 0, Double(pixelWidth), Double(pixelHeight))
        cairo_fill(context)
        cairo_restore(context)
    }

    private static func copy(_ rgb: RGBImage, into picture: OpaquePointer) {
        rgb.pixels.withUnsafeBufferPointer { source in
            fillPixels(of: picture) { x, y in
                let index = (y * rgb.width + x) * 3
                return UInt32(source[index]) << 16 | UInt32(source[index + 1]) << 8 | UInt32(source[index + 2])
            }
        }
    }

    private static func fillPixels(of picture: OpaquePointer, _ value: (Int, Int) -> UInt32) {
        cairo_surface_flush(picture)
        let pixelWidth = Int(cairo_image_surface_get_width(picture))
        let pixelHeight = Int(cairo_image_surface_get_height(picture))
        let stride = Int(cairo_image_surface_get_stride(picture))
        guard let data = cairo_image_surface_get_data(picture) else { return }
        for y in 0..<pixelHeight {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<pixelWidth { row[x] = value(x, y) }
        }
        cairo_surface_mark_dirty(picture)
    }
}

/// Collects the bytes cairo writes for a PDF or SVG document.
final class ByteSink {
    var bytes: [UInt8] = []

    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
    }
}

/// A drawing that cairo could not make, with cairo's reason.
public struct CanvasError: Error, Sendable, CustomStringConvertible {
    /// Cairo's reason.
    public let reason: String
    public var description: String { "cannot draw: \(reason)" }
}
