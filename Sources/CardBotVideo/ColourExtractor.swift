import CFFmpeg
import CardBotImaging

/// Converts a decoded frame to 8-bit RGB through libswscale, turned upright: the colour picture of a frame whose
/// luma ``LumaExtractor`` reads, for the pictures a person looks at (replays, thumbnails).
struct ColourExtractor {
    private var scaler: OpaquePointer? = nil
    private var converted: [UInt8] = []

    /// Frees the scaler.
    mutating func release() {
        if scaler != nil { sws_freeContext(scaler) }
        scaler = nil
    }

    /// `frame` in RGB, turned `rotation` degrees clockwise; nil when its pixel format cannot be converted.
    mutating func extract(_ frame: UnsafeMutablePointer<AVFrame>, rotation: Int) -> RGBImage? {
        let width = Int(frame.pointee.width)
        let height = Int(frame.pointee.height)
        guard width > 0, height > 0 else { return nil }
        scaler = sws_getCachedContext(
            scaler, Int32(width), Int32(height), AVPixelFormat(frame.pointee.format), Int32(width), Int32(height),
            AV_PIX_FMT_RGB24, SWS_BILINEAR, nil, nil, nil)
        guard let scaler else { return nil }
        let stride = width * 3
        if converted.count < stride * height { converted = [UInt8](repeating: 0, count: stride * height) }
        let done = converted.withUnsafeMutableBufferPointer { output in
            FrameScaler.scale(scaler, frame, height: height, into: output.baseAddress, stride: stride)
        }
        guard done else { return nil }
        return Self.turned(converted, width: width, height: height, rotation: rotation)
    }

    /// The packed RGB `pixels` (`width` x `height`), turned `rotation` degrees clockwise.
    static func turned(_ pixels: [UInt8], width: Int, height: Int, rotation: Int) -> RGBImage {
        // Upright already (most videos): the converted plane is the image.
        if rotation != 90 && rotation != 180 && rotation != 270 {
            return RGBImage(width: width, height: height, pixels: Array(pixels.prefix(width * height * 3)))
        }
        let turned = rotation == 90 || rotation == 270
        let outWidth = turned ? height : width
        let outHeight = turned ? width : height
        var image = RGBImage(width: outWidth, height: outHeight)
        pixels.withUnsafeBufferPointer { source in
            image.pixels.withUnsafeMutableBufferPointer { out in
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        // The stored pixel shown at output (x, y), as LumaExtractor.copy turns the luma.
                        let (sx, sy): (Int, Int)
                        switch rotation {
                        case 90: (sx, sy) = (y, height - 1 - x)
                        case 180: (sx, sy) = (width - 1 - x, height - 1 - y)
                        case 270: (sx, sy) = (width - 1 - y, x)
                        default: (sx, sy) = (x, y)
                        }
                        let from = (sy * width + sx) * 3
                        let to = (y * outWidth + x) * 3
                        out[to] = source[from]
                        out[to + 1] = source[from + 1]
                        out[to + 2] = source[from + 2]
                    }
                }
            }
        }
        return image
    }
}
