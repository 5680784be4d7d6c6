import CardBotSupport

/// Reads images from paths or bytes, choosing the decoder by magic bytes.
///
/// A reader keeps its file buffer between calls, so one reader per worker decodes a stream of
/// frames without allocating per frame. It is not thread-safe: give each worker its own.
public struct ImageReader: Sendable {
    /// The limits applied to every file.
    public var limits: ImageLimits
    private var fileBuffer: [UInt8] = []

    /// Creates a reader with the given limits.
    public init(limits: ImageLimits = .default) {
        self.limits = limits
    }

    /// Reads luminance from the file at `path` into `image`, reusing its storage.
    /// - Returns: Warnings the decoder raised without failing.
    /// - Throws: `ImageError` naming `path` and the reason.
    @discardableResult
    public mutating func readGray(_ path: String, into image: inout GrayImage) throws -> [String] {
        try FileBytes.read(path, into: &fileBuffer, maxBytes: limits.maxFileBytes)
        let limits = self.limits
        return try fileBuffer.withUnsafeBytes { (bytes) throws -> [String] in
            try Self.decodeGray(bytes, into: &image, limits: limits, file: path)
        }
    }

    /// Reads luminance from the file at `path`.
    public mutating func readGray(_ path: String) throws -> GrayImage {
        var image = GrayImage(width: 0, height: 0)
        try readGray(path, into: &image)
        return image
    }

    /// Reads colour from the file at `path`.
    public mutating func readRGB(_ path: String) throws -> RGBImage {
        try FileBytes.read(path, into: &fileBuffer, maxBytes: limits.maxFileBytes)
        let limits = self.limits
        return try fileBuffer.withUnsafeBytes { (bytes) throws -> RGBImage in
            try Self.decodeRGB(bytes, limits: limits, file: path)
        }
    }

    /// Decodes luminance from encoded bytes into `image`.
    @discardableResult
    public static func decodeGray(
        _ bytes: UnsafeRawBufferPointer, into image: inout GrayImage,
        limits: ImageLimits = .default, file: String = "<memory>"
    ) throws -> [String] {
        switch try format(of: bytes, file: file) {
        case .jpeg:
            return try JPEGCodec.decodeGray(bytes, into: &image, limits: limits, file: file).warnings
        case .png:
            try PNGCodec.decodeGray(bytes, into: &image, limits: limits, file: file)
            return []
        }
    }

    /// Decodes luminance from encoded bytes.
    public static func decodeGray(_ bytes: [UInt8], limits: ImageLimits = .default, file: String = "<memory>")
        throws -> GrayImage
    {
        var image = GrayImage(width: 0, height: 0)
        try bytes.withUnsafeBytes { (raw) throws in
            _ = try decodeGray(raw, into: &image, limits: limits, file: file)
        }
        return image
    }

    /// Decodes colour from encoded bytes.
    public static func decodeRGB(
        _ bytes: UnsafeRawBufferPointer, limits: ImageLimits = .default, file: String = "<memory>"
    ) throws -> RGBImage {
        switch try format(of: bytes, file: file) {
        case .jpeg: return try JPEGCodec.decodeRGB(bytes, limits: limits, file: file).0
        case .png: return try PNGCodec.decodeRGB(bytes, limits: limits, file: file)
        }
    }

    /// Decodes colour from encoded bytes.
    public static func decodeRGB(_ bytes: [UInt8], limits: ImageLimits = .default, file: String = "<memory>")
        throws -> RGBImage
    {
        try bytes.withUnsafeBytes { (raw) throws -> RGBImage in
            try decodeRGB(raw, limits: limits, file: file)
        }
    }

    private static func format(of bytes: UnsafeRawBufferPointer, file: String) throws -> ImageFormat {
        if bytes.isEmpty {
            throw ImageError(.empty, file: file, said: Messages.later("the file is empty"))
        }
        guard let format = ImageFormat.sniff(bytes) else {
            throw ImageError(.unknownFormat, file: file, said: Messages.later("not a PNG or JPEG image (its first bytes match neither)"))
        }
        return format
    }
}
