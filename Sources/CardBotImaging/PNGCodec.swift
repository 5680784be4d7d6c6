import CPNG
import CardBotSupport

/// PNG decoding and encoding through libpng's simplified API, which reports errors without longjmp.
///
/// Every colour type and bit depth reads: gray, gray+alpha, palette, RGB, RGBA, 16-bit and interlaced.
/// Alpha is composited onto white (cards are printed on white paper).
public enum PNGCodec {
    /// Decodes to 8-bit luminance.
    public static func decodeGray(
        _ bytes: UnsafeRawBufferPointer, limits: ImageLimits = .default, file: String = "<memory>"
    ) throws -> GrayImage {
        var image = GrayImage(width: 0, height: 0)
        try decodeGray(bytes, into: &image, limits: limits, file: file)
        return image
    }

    /// Decodes to 8-bit luminance into `image`'s storage, reusing it when possible.
    public static func decodeGray(
        _ bytes: UnsafeRawBufferPointer, into image: inout GrayImage,
        limits: ImageLimits = .default, file: String = "<memory>"
    ) throws {
        let png = try begin(bytes, limits: limits, file: file)
        defer { release(png) }
        let width = Int(png.pointee.width)
        let height = Int(png.pointee.height)
        image.reshape(width: width, height: height)
        if png.pointee.format & UInt32(PNG_FORMAT_FLAG_COLOR) == 0 {
            png.pointee.format = UInt32(PNG_FORMAT_GRAY)
            try image.pixels.withUnsafeMutableBytes { (buffer) throws in
                try finish(png, into: buffer, stride: Int32(width), file: file)
            }
            return
        }
        // Colour files: decode RGB and take BT.601 luma, the same luminance a JPEG of the scene gives
        // (libpng's own conversion works in linear light and differs by tens of levels).
        png.pointee.format = UInt32(PNG_FORMAT_RGB)
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        try rgb.withUnsafeMutableBytes { (buffer) throws in
            try finish(png, into: buffer, stride: Int32(width * 3), file: file)
        }
        Luma.convert(rgb: rgb, into: &image.pixels)
    }

    /// Decodes to 8-bit RGB.
    public static func decodeRGB(
        _ bytes: UnsafeRawBufferPointer, limits: ImageLimits = .default, file: String = "<memory>"
    ) throws -> RGBImage {
        let png = try begin(bytes, limits: limits, file: file)
        defer { release(png) }
        png.pointee.format = UInt32(PNG_FORMAT_RGB)
        let width = Int(png.pointee.width)
        let height = Int(png.pointee.height)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        try pixels.withUnsafeMutableBytes { (buffer) throws in
            try finish(png, into: buffer, stride: Int32(width * 3), file: file)
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// Encodes an 8-bit grayscale image.
    public static func encode(_ image: GrayImage) throws -> [UInt8] {
        try encode(pixels: image.pixels, width: image.width, height: image.height, format: UInt32(PNG_FORMAT_GRAY), channels: 1)
    }

    /// Encodes an 8-bit RGB image.
    public static func encode(_ image: RGBImage) throws -> [UInt8] {
        try encode(pixels: image.pixels, width: image.width, height: image.height, format: UInt32(PNG_FORMAT_RGB), channels: 3)
    }

    // MARK: - libpng

    /// Starts a read. libpng keeps pointers to the `png_image` it was given, so the struct lives at one
    /// heap address until `release` (copying it by value would leave libpng pointing at a dead copy).
    private static func begin(
        _ bytes: UnsafeRawBufferPointer, limits: ImageLimits, file: String
    ) throws -> UnsafeMutablePointer<png_image> {
        guard !bytes.isEmpty, let base = bytes.baseAddress else {
            throw ImageError(.empty, file: file, said: Messages.later("the file is empty"))
        }
        let png = UnsafeMutablePointer<png_image>.allocate(capacity: 1)
        png.initialize(to: png_image())
        png.pointee.version = UInt32(PNG_IMAGE_VERSION)
        if png_image_begin_read_from_memory(png, base, bytes.count) == 0 {
            let reason = message(of: &png.pointee)
            release(png)
            throw ImageError(.corrupt, file: file, said: Messages.later("not a valid PNG: %s", .plain(reason)))
        }
        // Untagged 16-bit files are sRGB in practice (libpng would otherwise assume linear and brighten them).
        png.pointee.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
        do {
            try limits.check(width: Int(png.pointee.width), height: Int(png.pointee.height), file: file)
        } catch {
            release(png)
            throw error
        }
        return png
    }

    private static func release(_ png: UnsafeMutablePointer<png_image>) {
        png_image_free(png)
        png.deinitialize(count: 1)
        png.deallocate()
    }

    private static func finish(
        _ png: UnsafeMutablePointer<png_image>, into buffer: UnsafeMutableRawBufferPointer, stride: Int32, file: String
    ) throws {
        var white = png_color(red: 255, green: 255, blue: 255)
        if png_image_finish_read(png, &white, buffer.baseAddress, stride, nil) == 0 {
            let reason = message(of: &png.pointee)
            let truncated = reason.contains("end of file") || reason.contains("Not enough") || reason.contains("Read Error")
                || reason.contains("read beyond end")
            throw ImageError(
                truncated ? .truncated : .corrupt, file: file,
                said: truncated
                    ? Messages.later("the PNG data ends early (the file is truncated): %s", .plain(reason))
                    : Messages.later("not a valid PNG: %s", .plain(reason)))
        }
    }

    private static func encode(
        pixels: [UInt8], width: Int, height: Int, format: UInt32, channels: Int
    ) throws -> [UInt8] {
        guard width > 0, height > 0 else {
            throw ImageError(.writeFailed, file: "<memory>", said: Messages.later("PNG cannot store a %1$sx%2$s image", .plain("\(width)"), .plain("\(height)")))
        }
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        png.width = UInt32(width)
        png.height = UInt32(height)
        png.format = format
        let stride = Int32(width * channels)
        var size = 0
        let measured = pixels.withUnsafeBytes { source in
            png_image_write_to_memory(&png, nil, &size, 0, source.baseAddress, stride, nil)
        }
        guard measured != 0, size > 0 else {
            throw ImageError(.writeFailed, file: "<memory>", said: Messages.later("libpng could not encode: %s", .plain(message(of: &png))))
        }
        var output = [UInt8](repeating: 0, count: size)
        let written = output.withUnsafeMutableBytes { destination in
            pixels.withUnsafeBytes { source in
                png_image_write_to_memory(&png, destination.baseAddress, &size, 0, source.baseAddress, stride, nil)
            }
        }
        guard written != 0 else {
            throw ImageError(.writeFailed, file: "<memory>", said: Messages.later("libpng could not encode: %s", .plain(message(of: &png))))
        }
        output.removeLast(output.count - size)
        return output
    }

    private static func message(of png: inout png_image) -> String {
        withUnsafeBytes(of: &png.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
