import CardBotImaging
import CardBotPrint
import CardBotSupport

/// Where a printed document goes, told by the extension of `--out`: one PDF, or one SVG or PNG file per page.
public struct DocumentFile: Sendable, Equatable, CustomStringConvertible {
    /// The file formats a document can be written in.
    public enum Format: String, Sendable, CaseIterable {
        case pdf, svg, png
    }

    /// The path as given.
    public let path: String
    /// The format its extension names.
    public let format: Format

    /// The document file `path` names, or nil when its extension is not `.pdf`, `.svg` or `.png` (any case).
    public init?(path: String) {
        guard let format = Format.allCases.first(where: { path.lowercased().hasSuffix("." + $0.rawValue) }) else { return nil }
        self.path = path
        self.format = format
    }

    public var description: String { path }

    /// The pages of a document, each made when it is written.
    public struct Pages {
        /// How many pages.
        public var count: Int
        /// The whole document as one PDF.
        public var pdf: () throws -> [UInt8]
        /// Page `index` (from 0) as SVG.
        public var svg: (Int) throws -> [UInt8]
        /// Page `index` (from 0) as a picture.
        public var png: (Int) throws -> RGBImage

        /// Creates the pages.
        public init(count: Int, pdf: @escaping () throws -> [UInt8], svg: @escaping (Int) throws -> [UInt8],
                    png: @escaping (Int) throws -> RGBImage) {
            self.count = count
            self.pdf = pdf
            self.svg = svg
            self.png = png
        }
    }

    /// Writes `pages` and returns the files written: the PDF, or `NAME-1.svg`, `NAME-2.svg`, ... (`NAME.svg` for one
    /// page; PNG files are numbered even for one page when `numberEveryPNG`). Each file is written atomically.
    /// `progress` hears after each page file (once, at the end, for a PDF).
    /// - Throws: `ImageError` or a ``Problem`` naming the file that could not be drawn or written.
    /// Every file is first checked against `inputs` (``OutputGuard``): none is written over the deck or a level.
    public func write(
        _ pages: Pages, numberEveryPNG: Bool = false, sparing inputs: [OutputGuard.Input] = [],
        progress: (@Sendable (JobProgress) -> Void)? = nil
    ) throws -> [String] {
        let start = ContinuousClock.now
        let report = { (done: Int) in
            progress?(JobProgress(done: done, total: pages.count, unit: .pages, seconds: (ContinuousClock.now - start).seconds))
        }
        let stem = String(path.dropLast(4))
        let single = pages.count == 1 && !(format == .png && numberEveryPNG)
        let files = format == .pdf || single ? [path] : (0..<pages.count).map { "\(stem)-\($0 + 1)\(path.suffix(4))" }
        try OutputGuard.check(files, against: inputs)
        do {
            if format == .pdf {
                try FileBytes.writeAtomically(try pages.pdf(), to: path)
                report(pages.count)
                return [path]
            }
            return try (0..<pages.count).map { page in
                let file = files[page]
                if format == .svg {
                    try FileBytes.writeAtomically(try pages.svg(page), to: file)
                } else {
                    try ImageWriter.write(try pages.png(page), to: file)
                }
                report(page + 1)
                return file
            }
        } catch let error as CanvasError {
            throw Problem(file: path, Messages.text("cannot draw: %s", error.reason))
        }
    }
}
