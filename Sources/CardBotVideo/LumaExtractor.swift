import CFFmpeg
import CardBotImaging

/// Copies a decoded frame's luma into a `GrayImage`, turned upright.
///
/// A YUV frame's Y plane already is the grayscale image: 8-bit planes are copied as they are, deeper ones
/// (10-bit phone HDR) shifted down to 8 bits. Only frames without a luma plane (RGB, palette) go through
/// libswscale. The turn (0, 90, 180 or 270 degrees clockwise) happens in the same copy.
struct LumaExtractor {
    private var scaler: OpaquePointer? = nil
    private var converted: [UInt8] = []

    /// Frees the scaler.
    mutating func release() {
        if scaler != nil { sws_freeContext(scaler) }
        scaler = nil
    }

    /// Writes `frame`'s luma, turned `rotation` degrees clockwise, into `image`.
    mutating func extract(_ frame: UnsafeMutablePointer<AVFrame>, rotation: Int, into image: inout GrayImage) -> Bool {
        let width = Int(frame.pointee.width)
        let height = Int(frame.pointee.height)
        guard width > 0, height > 0, let descriptor = av_pix_fmt_desc_get(AVPixelFormat(frame.pointee.format)) else {
            return false
        }
        let flags = descriptor.pointee.flags
        let luma = descriptor.pointee.comp.0
        let isYUV = flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0 && flags & UInt64(AV_PIX_FMT_FLAG_PAL) == 0
            && flags & UInt64(AV_PIX_FMT_FLAG_BITSTREAM) == 0 && flags & UInt64(AV_PIX_FMT_FLAG_HWACCEL) == 0
            && luma.plane == 0 && luma.offset == 0 && luma.shift == 0
        if isYUV && luma.depth == 8 && luma.step == 1, let plane = frame.pointee.data.0 {
            Self.copy(UnsafePointer(plane), stride: Int(frame.pointee.linesize.0), width: width, height: height,
                      rotation: rotation, into: &image)
            return true
        }
        if isYUV && luma.depth > 8 && luma.depth <= 16 && luma.step == 2 && flags & UInt64(AV_PIX_FMT_FLAG_BE) == 0,
            let plane = frame.pointee.data.0
        {
            // Little-endian 16-bit samples: keep the top 8 of `depth` bits.
            let shift = Int(luma.depth) - 8
            let stride = Int(frame.pointee.linesize.0)
            if converted.count < width * height { converted = [UInt8](repeating: 0, count: width * height) }
            converted.withUnsafeMutableBufferPointer { output in
                for y in 0..<height {
                    let row = UnsafeRawPointer(plane + y * stride).assumingMemoryBound(to: UInt16.self)
                    for x in 0..<width { output[y * width + x] = UInt8(truncatingIfNeeded: Int(UInt16(littleEndian: row[x])) >> shift) }
                }
            }
            converted.withUnsafeBufferPointer { buffer in
                Self.copy(buffer.baseAddress!, stride: width, width: width, height: height, rotation: rotation, into: &image)
            }
            return true
        }
        return convert(frame, width: width, height: height, rotation: rotation, into: &image)
    }

    /// Any other pixel format, to 8-bit gray through libswscale.
    private mutating func convert(
        _ frame: UnsafeMutablePointer<AVFrame>, width: Int, height: Int, rotation: Int, into image: inout GrayImage
    ) -> Bool {
        scaler = sws_getCachedContext(
            scaler, Int32(width), Int32(height), AVPixelFormat(frame.pointee.format), Int32(width), Int32(height),
            AV_PIX_FMT_GRAY8, SWS_POINT, nil, nil, nil)
        guard let scaler else { return false }
        if converted.count < width * height { converted = [UInt8](repeating: 0, count: width * height) }
        let done = converted.withUnsafeMutableBufferPointer { output in
            FrameScaler.scale(scaler, frame, height: height, into: output.baseAddress, stride: width)
        }
        guard done else { return false }
        converted.withUnsafeBufferPointer { buffer in
            Self.copy(buffer.baseAddress!, stride: width, width: width, height: height, rotation: rotation, into: &image)
        }
        return true
    }

    /// Copies a `width` x `height` plane, turned `rotation` degrees clockwise, into `image`.
    static func copy(
        _ source: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int, rotation: Int, into image: inout GrayImage
    ) {
        let turned = rotation == 90 || rotation == 270
        let outWidth = turned ? height : width
        let outHeight = turned ? width : height
        image.reshape(width: outWidth, height: outHeight)
        image.pixels.withUnsafeMutableBufferPointer { output in
            let out = output.baseAddress!
            switch rotation {
            case 90:
                // Output (x, y) shows stored (y, height - 1 - x).
                for y in 0..<outHeight {
                    let row = out + y * outWidth
                    for x in 0..<outWidth { row[x] = source[(height - 1 - x) * stride + y] }
                }
            case 180:
                for y in 0..<outHeight {
                    let row = out + y * outWidth
                    let from = source + (height - 1 - y) * stride
                    for x in 0..<outWidth { row[x] = from[width - 1 - x] }
                }
            case 270:
                // Output (x, y) shows stored (width - 1 - y, x).
                for y in 0..<outHeight {
                    let row = out + y * outWidth
                    let column = width - 1 - y
                    for x in 0..<outWidth { row[x] = source[x * stride + column] }
                }
            default:
                for y in 0..<height { (out + y * width).update(from: source + y * stride, count: width) }
            }
        }
    }
}
