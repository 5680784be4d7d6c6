import CCardBotJPEG
import CardBotSupport

/// JPEG decoding and encoding through libjpeg(-turbo), via the setjmp-guarded C shim.
public enum JPEGCodec {
    /// What a successful decode has to say besides pixels: libjpeg's warnings, never printed.
    public struct Report: Sendable, Equatable {
        /// Warnings libjpeg raised while decoding (for example corrupt data it skipped).
        public var warnings: [String]
        /// Whether the file was progressive.
        public var progressive: Bool
    }

    /// Decodes luminance only: libjpeg's grayscale output, the hot path for camera frames.
    ///
    /// The image is decoded straight into `image`'s storage, which is reused when it is uniquely referenced.
    /// The inverse DCT is libjpeg's fast one unless `transform` says otherwise (see `InverseDCT`).
    /// - Throws: `ImageError` naming `file` when the data is not a complete, valid JPEG or too large.
    @discardableResult
    public static func decodeGray(
        _ bytes: UnsafeRawBufferPointer, into image: inout GrayImage,
        limits: ImageLimits = .default, transform: InverseDCT = .fast, file: String = "<memory>"
    ) throws -> Report {
        let decoder = try open(bytes, limits: limits, file: file)
        defer { cardbot_jpeg_close(decoder.handle) }
        image.reshape(width: decoder.width, height: decoder.height)
        let warnings = try image.pixels.withUnsafeMutableBufferPointer { (buffer) throws -> [String] in
            try read(decoder, into: buffer.baseAddress!, channels: 1, transform: transform, file: file)
        }
        return Report(warnings: warnings, progressive: decoder.progressive)
    }

    /// Decodes luminance only into a new image.
    public static func decodeGray(
        _ bytes: UnsafeRawBufferPointer, limits: ImageLimits = .default, transform: InverseDCT = .fast,
        file: String = "<memory>"
    ) throws -> (GrayImage, Report) {
        var image = GrayImage(width: 0, height: 0)
        let report = try decodeGray(bytes, into: &image, limits: limits, transform: transform, file: file)
        return (image, report)
    }

    /// Decodes to RGB.
    public static func decodeRGB(
        _ bytes: UnsafeRawBufferPointer, limits: ImageLimits = .default, file: String = "<memory>"
    ) throws -> (RGBImage, Report) {
        let decoder = try open(bytes, limits: limits, file: file)
        defer { cardbot_jpeg_close(decoder.handle) }
        var pixels = [UInt8](repeating: 0, count: decoder.width * decoder.height * 3)
        let warnings = try pixels.withUnsafeMutableBufferPointer { (buffer) throws -> [String] in
            try read(decoder, into: buffer.baseAddress!, channels: 3, transform: .accurate, file: file)
        }
        let image = RGBImage(width: decoder.width, height: decoder.height, pixels: pixels)
        return (image, Report(warnings: warnings, progressive: decoder.progressive))
    }

    /// Encodes a grayscale image with quality 1...100.
    public static func encode(_ image: GrayImage, quality: Int = 90, progressive: Bool = false) throws -> [UInt8] {
        try encode(pixels: image.pixels, width: image.width, height: image.height, channels: 1,
                   quality: quality, progressive: progressive)
    }

    /// Encodes an RGB image with quality 1...100.
    public static func encode(_ image: RGBImage, quality: Int = 90, progressive: Bool = false) throws -> [UInt8] {
        try encode(pixels: image.pixels, width: image.width, height: image.height, channels: 3,
                   quality: quality, progressive: progressive)
    }

    // MARK: - The shim

    private struct OpenDecoder {
        var handle: OpaquePointer
        var width: Int
        var height: Int
        var progressive: Bool
    }

    private static let messageCapacity = Int(CARDBOT_JPEG_MESSAGE_CAPACITY)

    private static func open(
        _ bytes: UnsafeRawBufferPointer, limits: ImageLimits, file: String
    ) throws -> OpenDecoder {
        guard !bytes.isEmpty, let base = bytes.baseAddress else {
            throw ImageError(.empty, file: file, said: Messages.later("the file is empty"))
        }
        var width: UInt32 = 0
        var height: UInt32 = 0
        var components: Int32 = 0
        var progressive: Int32 = 0
        var message = [CChar](repeating: 0, count: messageCapacity)
        let handle = message.withUnsafeMutableBufferPointer { text in
            cardbot_jpeg_open(
                base.assumingMemoryBound(to: UInt8.self), bytes.count,
                &width, &height, &components, &progressive, text.baseAddress, text.count)
        }
        guard let handle else {
            throw classify(message: string(message), file: file)
        }
        do {
            try limits.check(width: Int(width), height: Int(height), file: file)
        } catch {
            cardbot_jpeg_close(handle)
            throw error
        }
        return OpenDecoder(handle: handle, width: Int(width), height: Int(height), progressive: progressive != 0)
    }

    private static func read(
        _ decoder: OpenDecoder, into pixels: UnsafeMutablePointer<UInt8>, channels: Int32, transform: InverseDCT,
        file: String
    ) throws -> [String] {
        var message = [CChar](repeating: 0, count: messageCapacity)
        var warnings = [CChar](repeating: 0, count: messageCapacity * 2)
        let status = message.withUnsafeMutableBufferPointer { text in
            warnings.withUnsafeMutableBufferPointer { warningText in
                cardbot_jpeg_read(
                    decoder.handle, pixels, channels, transform == .fast ? 1 : 0, text.baseAddress, text.count,
                    warningText.baseAddress, warningText.count)
            }
        }
        if status != 0 {
            throw classify(message: string(message), file: file)
        }
        let text = string(warnings)
        return text.isEmpty ? [] : text.split(separator: "\n").map(String.init)
    }

    private static func encode(
        pixels: [UInt8], width: Int, height: Int, channels: Int32, quality: Int, progressive: Bool
    ) throws -> [UInt8] {
        guard width > 0, height > 0, width <= 65_500, height <= 65_500 else {
            throw ImageError(.writeFailed, file: "<memory>", said: Messages.later("JPEG cannot store a %1$sx%2$s image", .plain("\(width)"), .plain("\(height)")))
        }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var length = 0
        var message = [CChar](repeating: 0, count: messageCapacity)
        let status = pixels.withUnsafeBufferPointer { source in
            message.withUnsafeMutableBufferPointer { text in
                cardbot_jpeg_encode(
                    source.baseAddress, UInt32(width), UInt32(height), channels,
                    Int32(min(max(quality, 1), 100)), progressive ? 1 : 0,
                    &output, &length, text.baseAddress, text.count)
            }
        }
        guard status == 0, let output else {
            throw ImageError(.writeFailed, file: "<memory>", said: Messages.later("libjpeg could not encode: %s", .plain("\(string(message))")))
        }
        defer { cardbot_jpeg_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: length))
    }

    private static func string(_ buffer: [CChar]) -> String {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func classify(message: String, file: String) -> ImageError {
        if message.contains("truncated") || message.contains("Premature end") {
            return ImageError(.truncated, file: file, said: Messages.later("the JPEG data ends early (the file is truncated)"))
        }
        if message == "the file is empty" {
            return ImageError(.empty, file: file, reason: message)
        }
        return ImageError(.corrupt, file: file, said: Messages.later("not a valid JPEG: %s", .plain(message)))
    }
}
