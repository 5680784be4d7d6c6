import CPNG

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
        png.pointee.format = UInt32(PNG_FORMAT_GRAY)
        image.reshape(width: Int(png.pointee.width), height: Int(png.pointee.height))
        try image.pixels.withUnsafeMutableBytes { (buffer) throws in
            try finish(png, into: buffer, stride: Int32(png.pointee.width), file: file)
        }
    }

    /// Decodes to 8-bit RGB.
    public static func decodeRGB(
        _ bytes: UnsafeRawBufferPointer, limits: ImageLimits = .default, file: String = "<memory>"
    ) throws -> RGBImage {
        let png = try begin(bytes, limits: limits, file: file)
        defer { release(png) }
        png.pointee.format = UInt32(PNG_FORMAT_RGB)
        let width = Int(png.pointee.width), height = Int(png.pointee.height)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        try pixels.withUnsafeMutableBytes { (buffer) throws in
            try finish(png, into: buffer, stride: Int32(width) * 3, file: file)
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

    /// Starts reading. libpng keeps the address of the `png_image` (its memory reader and error handler find
    /// their state through it), so the struct lives on the heap and never moves; `release` frees it.
    private static func begin(
        _ bytes: UnsafeRawBufferPointer, limits: ImageLimits, file: String
    ) throws -> UnsafeMutablePointer<png_image> {
        guard !bytes.isEmpty, let base = bytes.baseAddress else {
            throw ImageError(.empty, file: file, reason: "the file is empty")
        }
        let png = UnsafeMutablePointer<png_image>.allocate(capacity: 1)
        png.initialize(to: png_image())
        png.pointee.version = UInt32(PNG_IMAGE_VERSION)
        if png_image_begin_read_from_memory(png, base, bytes.count) == 0 {
            let reason = message(of: &png.pointee)
            release(png)
            throw ImageError(.corrupt, file: file, reason: "not a valid PNG: \(reason)")
        }
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
                reason: truncated ? "the PNG data ends early (the file is truncated): \(reason)" : "not a valid PNG: \(reason)")
        }
    }

    private static func encode(
        pixels: [UInt8], width: Int, height: Int, format: UInt32, channels: Int
    ) throws -> [UInt8] {
        guard width > 0, height > 0 else {
            throw ImageError(.writeFailed, file: "<memory>", reason: "PNG cannot store a \(width)x\(height) image")
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
            throw ImageError(.writeFailed, file: "<memory>", reason: "libpng could not encode: \(message(of: &png))")
        }
        var output = [UInt8](repeating: 0, count: size)
        let written = output.withUnsafeMutableBytes { destination in
            pixels.withUnsafeBytes { source in
                png_image_write_to_memory(&png, destination.baseAddress, &size, 0, source.baseAddress, stride, nil)
            }
        }
        guard written != 0 else {
            throw ImageError(.writeFailed, file: "<memory>", reason: "libpng could not encode: \(message(of: &png))")
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
