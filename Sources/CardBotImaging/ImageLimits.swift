/// Bounds that protect the reader from hostile or broken files.
public struct ImageLimits: Sendable, Equatable {
    /// The most pixels an image may claim in its header before any pixel memory is allocated.
    public var maxPixels: Int
    /// The largest file read into memory, in bytes.
    public var maxFileBytes: Int

    /// Creates limits.
    public init(maxPixels: Int = 64_000_000, maxFileBytes: Int = 256 << 20) {
        self.maxPixels = maxPixels
        self.maxFileBytes = maxFileBytes
    }

    /// 64 megapixels and 256 MiB files.
    public static let `default` = ImageLimits()

    /// Refuses a size beyond the limits (or not above zero), naming `file`.
    public func check(width: Int, height: Int, file: String) throws {
        guard width > 0, height > 0 else {
            throw ImageError(.corrupt, file: file, reason: "the image claims a size of \(width)x\(height)")
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixels > maxPixels {
            throw ImageError(
                .tooLarge, file: file,
                reason: "the image claims \(width)x\(height) pixels, more than the limit of \(maxPixels) pixels")
        }
    }
}
