import CardBotSupport

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

    /// Refuses a size beyond the limits (or not above zero), naming `file`, an image or (`video`) a video.
    public func check(width: Int, height: Int, file: String, video: Bool = false) throws {
        let size = [MessageText.Value.plain("\(width)"), .plain("\(height)")]
        guard width > 0, height > 0 else {
            let said =
                video
                ? Messages.later("the video claims a size of %1$sx%2$s", size[0], size[1])
                : Messages.later("the image claims a size of %1$sx%2$s", size[0], size[1])
            throw ImageError(.corrupt, file: file, said: said)
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixels > maxPixels {
            let values = size + [.plain("\(maxPixels)")]
            let said =
                video
                ? Messages.later("the video claims %1$sx%2$s pixels, more than the limit of %3$s pixels", values[0], values[1], values[2])
                : Messages.later("the image claims %1$sx%2$s pixels, more than the limit of %3$s pixels", values[0], values[1], values[2])
            throw ImageError(.tooLarge, file: file, said: said)
        }
    }
}
