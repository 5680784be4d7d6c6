/// Writes a PDF document whose pages are full-page images, one image per page.
///
/// Each image is stored losslessly: the zlib data of its PNG encoding (libpng's filtered, non-interlaced rows)
/// as a `FlateDecode` stream with the PNG predictor, which every PDF reader decodes. The file is PDF 1.4 with a
/// cross-reference table.
public enum PDFWriter {
    /// One page: an image shown over a page of `width` x `height` points (1/72 inch).
    public struct Page: Sendable {
        /// The picture that fills the page.
        public var image: RGBImage
        /// The page's width in points.
        public var width: Double
        /// The page's height in points.
        public var height: Double

        /// Creates a page.
        public init(image: RGBImage, width: Double, height: Double) {
            self.image = image
            self.width = width
            self.height = height
        }
    }

    /// Points per millimetre.
    public static let pointsPerMillimetre = 72 / 25.4

    /// The bytes of a PDF holding `pages` in order.
    /// - Throws: `ImageError` when an image cannot be encoded.
    public static func document(_ pages: [Page], title: String = "CardBot cards") throws -> [UInt8] {
        try document(pageCount: pages.count, title: title) { pages[$0] }
    }

    /// The bytes of a PDF of `pageCount` pages, each made by `page` when it is written, so that only one
    /// page's image is in memory at a time (a sheet at 300 dpi is about 26 MB).
    public static func document(pageCount: Int, title: String = "CardBot cards", page makePage: (Int) throws -> Page)
        throws -> [UInt8]
    {
        var builder = Builder()
        builder.append("%PDF-1.4\n%\u{E2}\u{E3}\u{CF}\u{D3}\n")
        // Objects: 1 catalog, 2 pages, 3 info, then per page: page, contents, image.
        let pageObjects = (0..<pageCount).map { 4 + $0 * 3 }
        builder.object(1, "<< /Type /Catalog /Pages 2 0 R >>")
        builder.object(2, "<< /Type /Pages /Kids [\(pageObjects.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(pageCount) >>")
        builder.object(3, "<< /Title \(literal(title)) /Producer (CardBot) >>")
        for index in 0..<pageCount {
            let page = try makePage(index)
            let pageObject = pageObjects[index]
            let width = number(page.width)
            let height = number(page.height)
            builder.object(
                pageObject,
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Resources << /XObject << /Im0 \(pageObject + 2) 0 R >> >> /Contents \(pageObject + 1) 0 R >>"
            )
            let content = Array("q \(width) 0 0 \(height) 0 0 cm /Im0 Do Q\n".utf8)
            builder.stream(pageObject + 1, dictionary: "", data: content)
            let (data, colors) = try zlibRows(of: page.image)
            builder.stream(
                pageObject + 2,
                dictionary: """
                    /Type /XObject /Subtype /Image /Width \(page.image.width) /Height \(page.image.height) \
                    /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode \
                    /DecodeParms << /Predictor 15 /Colors \(colors) /BitsPerComponent 8 /Columns \(page.image.width) >> 
                    """,
                data: data)
        }
        builder.finish(objectCount: 3 + pageCount * 3, info: 3)
        return builder.bytes
    }

    /// The concatenated IDAT data of the image's PNG encoding, and its colour channels.
    static func zlibRows(of image: RGBImage) throws -> ([UInt8], Int) {
        let png = try PNGCodec.encode(image)
        var data: [UInt8] = []
        data.reserveCapacity(png.count)
        var offset = 8
        var channels = 3
        while offset + 8 <= png.count {
            let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
            let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let body = offset + 8
            guard body + length <= png.count else { break }
            if type == "IHDR" {
                let depth = png[body + 8], colorType = png[body + 9], interlace = png[body + 12]
                guard depth == 8, colorType == 2, interlace == 0 else {
                    throw ImageError(.writeFailed, file: "<pdf>", reason: "unexpected PNG layout for a PDF image")
                }
                channels = 3
            } else if type == "IDAT" {
                data += png[body..<(body + length)]
            }
            offset = body + length + 4
        }
        return (data, channels)
    }

    static func number(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }

    /// A PDF literal string of printable ASCII (other characters become '?').
    static func literal(_ text: String) -> String {
        var out = "("
        for scalar in text.unicodeScalars {
            switch scalar {
            case "(", ")", "\\": out += "\\" + String(scalar)
            default: out += scalar.value >= 32 && scalar.value < 127 ? String(scalar) : "?"
            }
        }
        return out + ")"
    }

    private struct Builder {
        var bytes: [UInt8] = []
        var offsets: [Int: Int] = [:]

        mutating func append(_ text: String) {
            bytes += Array(text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
        }

        mutating func object(_ number: Int, _ body: String) {
            offsets[number] = bytes.count
            append("\(number) 0 obj\n\(body)\nendobj\n")
        }

        mutating func stream(_ number: Int, dictionary: String, data: [UInt8]) {
            offsets[number] = bytes.count
            append("\(number) 0 obj\n<< \(dictionary) /Length \(data.count) >>\nstream\n")
            bytes += data
            append("\nendstream\nendobj\n")
        }

        mutating func finish(objectCount: Int, info: Int) {
            let start = bytes.count
            append("xref\n0 \(objectCount + 1)\n0000000000 65535 f \n")
            for number in 1...objectCount {
                let offset = String(offsets[number] ?? 0)
                append(String(repeating: "0", count: 10 - offset.count) + offset + " 00000 n \n")
            }
            append("trailer\n<< /Size \(objectCount + 1) /Root 1 0 R /Info \(info) 0 R >>\nstartxref\n\(start)\n%%EOF\n")
        }
    }
}
