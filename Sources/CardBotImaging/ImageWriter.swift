import CardBotSupport

/// Writes images as PNG or JPEG, atomically.
public enum ImageWriter {
    /// Encodes `image` in the format its path's extension names (`.png`, `.jpg`, `.jpeg`) and writes it atomically.
    /// - Parameter quality: JPEG quality 1...100; ignored for PNG.
    public static func write(_ image: GrayImage, to path: String, quality: Int = 90) throws {
        let bytes: [UInt8]
        switch try format(for: path) {
        case .png: bytes = try PNGCodec.encode(image)
        case .jpeg: bytes = try JPEGCodec.encode(image, quality: quality)
        }
        try FileBytes.writeAtomically(bytes, to: path)
    }

    /// Encodes a colour `image` in the format its path's extension names and writes it atomically.
    public static func write(_ image: RGBImage, to path: String, quality: Int = 90) throws {
        let bytes: [UInt8]
        switch try format(for: path) {
        case .png: bytes = try PNGCodec.encode(image)
        case .jpeg: bytes = try JPEGCodec.encode(image, quality: quality)
        }
        try FileBytes.writeAtomically(bytes, to: path)
    }

    private static func format(for path: String) throws -> ImageFormat {
        guard let format = ImageFormat.forWriting(path: path) else {
            throw ImageError(.writeFailed, file: path, said: Messages.later("name the file .png, .jpg or .jpeg to choose its format"))
        }
        return format
    }
}
