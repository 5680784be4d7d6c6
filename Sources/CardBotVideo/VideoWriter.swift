import CCardBotVideo
import CFFmpeg
import CardBotImaging
import CardBotSupport
import Foundation

/// Writes gray or colour frames as a video file through libavcodec and libavformat.
///
/// The container comes from the file's extension (`.mp4`, `.mkv`, `.mov`, `.avi`, `.webm`, `.gif`) and the
/// codec from the container's default: H.264 (libx264) in MP4, MKV and MOV where the library has it, else
/// MPEG-4 Part 2; a codec may also be named (`mjpeg`, `mpeg4`, `gif`, ...). Each frame carries its own time,
/// so a variable frame rate is written as it is. The file is written beside its final name and renamed into
/// place by `finish()`, so an interrupted write never leaves half a video.
///
/// ```swift
/// let writer = try VideoWriter(path: "out.mp4", width: 640, height: 480)
/// for (index, frame) in frames.enumerated() { try writer.write(frame, seconds: Double(index) / 30) }
/// try writer.finish()
/// ```
public final class VideoWriter {
    /// The file being written.
    public let path: String
    /// The frame size.
    public let width: Int
    public let height: Int
    /// The encoder's name (`libx264`, `mpeg4`, ...).
    public let encoderName: String

    private let temporaryPath: String
    /// The interrupt handler's slot for the temporary file.
    private var temporarySlot: Int?
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var scaler: OpaquePointer?
    private let stream: UnsafeMutablePointer<AVStream>
    private let pixelFormat: AVPixelFormat
    private var lastPTS: Int64 = -1
    private let frameTicks: Int64
    private var finished = false

    /// The time unit of frame times: a millisecond.
    static let ticksPerSecond: Int32 = 1000

    /// Opens `path` for writing.
    ///
    /// - Parameters:
    ///   - width: Frame width; even for the 4:2:0 codecs.
    ///   - height: Frame height; even for the 4:2:0 codecs.
    ///   - fps: The nominal frame rate (frames still carry their own times).
    ///   - codec: An encoder name (`libx264`, `mpeg4`, `mjpeg`, `gif`, ...); nil picks the container's default.
    ///   - rotation: Clockwise degrees (0, 90, 180, 270) a player turns the frames to show them upright, written
    ///     as the display matrix phones write for portrait videos; the frames are stored as given.
    ///   - quality: For H.264, the constant rate factor (lower is better; default 20).
    /// - Throws: `ImageError` naming `path` when the container, codec or file cannot be set up.
    public init(
        path: String, width: Int, height: Int, fps: Int = 30, codec codecName: String? = nil, rotation: Int = 0,
        quality: Int = 20
    ) throws {
        _ = FFmpegLog.install
        self.path = path
        self.width = width
        self.height = height
        // Written beside its final name under a name an interrupt removes (SIGINT, SIGTERM, SIGHUP) and a later
        // run sweeps when a killed process left it (see `TemporaryFiles`).
        TemporaryFiles.sweep(besides: path)
        temporaryPath = TemporaryFiles.name(for: path)
        temporarySlot = TemporaryFiles.track(temporaryPath)
        guard width > 0, height > 0 else {
            throw ImageError(.writeFailed, file: path, said: Messages.later("cannot write a video of %1$sx%2$s pixels", .plain("\(width)"), .plain("\(height)")))
        }
        frameTicks = Int64(Self.ticksPerSecond) / Int64(max(1, fps))
        guard let container = av_guess_format(nil, path, nil) else {
            throw ImageError(
                .writeFailed, file: path,
                said: Messages.later("the extension names no video container this FFmpeg can write; use .mp4, .mkv, .mov, .avi or .webm"))
        }
        var context: UnsafeMutablePointer<AVFormatContext>? = nil
        guard avformat_alloc_output_context2(&context, container, nil, temporaryPath) >= 0, let context else {
            throw ImageError(.writeFailed, file: path, said: Messages.later("cannot set up the %s container", .plain("\(String(cString: container.pointee.name))")))
        }
        format = context
        var encoder: UnsafePointer<AVCodec>? = nil
        if let codecName {
            encoder = avcodec_find_encoder_by_name(codecName)
            if encoder == nil {
                Self.free(context)
                format = nil
                throw ImageError(.writeFailed, file: path, said: Messages.later("this FFmpeg has no %s encoder", .plain(codecName)))
            }
        } else {
            encoder = avcodec_find_encoder(container.pointee.video_codec) ?? avcodec_find_encoder(AV_CODEC_ID_MPEG4)
        }
        guard let encoder, let newStream = avformat_new_stream(context, nil), let codec = avcodec_alloc_context3(encoder) else {
            Self.free(context)
            format = nil
            throw ImageError(.writeFailed, file: path, said: Messages.later("no video encoder for the %s container", .plain("\(String(cString: container.pointee.name))")))
        }
        stream = newStream
        self.codec = codec
        encoderName = String(cString: encoder.pointee.name)
        pixelFormat = Self.pixelFormat(for: encoder)
        codec.pointee.width = Int32(width)
        codec.pointee.height = Int32(height)
        codec.pointee.pix_fmt = pixelFormat
        codec.pointee.time_base = AVRational(num: 1, den: Self.ticksPerSecond)
        codec.pointee.framerate = AVRational(num: Int32(max(1, fps)), den: 1)
        codec.pointee.color_range = AVCOL_RANGE_JPEG
        codec.pointee.gop_size = Int32(max(1, fps) * 2)
        codec.pointee.thread_count = 0
        if encoderName == "mpeg4" || encoderName == "mjpeg" {
            // Fixed quality (1 best, 31 worst) instead of a bit rate.
            codec.pointee.flags |= AV_CODEC_FLAG_QSCALE
            codec.pointee.global_quality = FF_QP2LAMBDA * 3
        }
        if encoderName == "mjpeg" { codec.pointee.strict_std_compliance = FF_COMPLIANCE_UNOFFICIAL }
        if encoderName.hasPrefix("libx264") {
            av_opt_set(codec.pointee.priv_data, "preset", "veryfast", 0)
            av_opt_set(codec.pointee.priv_data, "crf", String(quality), 0)
        }
        if context.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
            codec.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
        }
        var status = avcodec_open2(codec, encoder, nil)
        if status < 0 { throw fail("the \(encoderName) encoder cannot start: \(FFmpegLog.describe(status))") }
        avcodec_parameters_from_context(stream.pointee.codecpar, codec)
        stream.pointee.time_base = codec.pointee.time_base
        if rotation % 360 != 0 {
            if let matrix = av_stream_new_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, 36) {
                matrix.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_set($0, Double(rotation)) }
            }
        }
        if context.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
            status = avio_open(&context.pointee.pb, temporaryPath, AVIO_FLAG_WRITE)
            if status < 0 { throw fail("cannot create the file: \(FFmpegLog.describe(status))") }
        }
        status = avformat_write_header(context, nil)
        if status < 0 { throw fail("cannot write the video header: \(FFmpegLog.describe(status))") }
        frame = av_frame_alloc()
        packet = av_packet_alloc()
        guard let frame, packet != nil else { throw fail("out of memory") }
        frame.pointee.format = pixelFormat.rawValue
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        frame.pointee.color_range = AVCOL_RANGE_JPEG
        status = av_frame_get_buffer(frame, 0)
        if status < 0 { throw fail("out of memory for a frame: \(FFmpegLog.describe(status))") }
    }

    deinit {
        if !finished { abandon() }
    }

    /// Appends a gray frame shown from `seconds` on; times must increase.
    public func write(_ image: GrayImage, seconds: Double) throws {
        try checkSize(image.width, image.height)
        try image.pixels.withUnsafeBufferPointer { pixels in
            try encode(seconds: seconds) { frame in
                fill(frame, gray: pixels.baseAddress!)
            }
        }
    }

    /// Appends a colour frame shown from `seconds` on; times must increase.
    public func write(_ image: RGBImage, seconds: Double) throws {
        try checkSize(image.width, image.height)
        try image.pixels.withUnsafeBufferPointer { pixels in
            try encode(seconds: seconds) { frame in
                fill(frame, rgb: pixels.baseAddress!)
            }
        }
    }

    /// Flushes the encoder, writes the container's index and moves the file into place.
    public func finish() throws {
        guard !finished, let format, let codec else { return }
        var status = avcodec_send_frame(codec, nil)
        if status < 0 { throw fail("cannot flush the encoder: \(FFmpegLog.describe(status))") }
        try drainPackets()
        status = av_write_trailer(format)
        if status < 0 { throw fail("cannot finish the video: \(FFmpegLog.describe(status))") }
        if format.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 { avio_closep(&format.pointee.pb) }
        release()
        finished = true
        defer {
            TemporaryFiles.forget(temporarySlot)
            temporarySlot = nil
        }
        // On the disk before it takes the final name, and the name on the disk after: a power cut leaves the old
        // file or the whole new one.
        FileSystem.sync(temporaryPath)
        guard PathName.withCString(temporaryPath, { from in PathName.withCString(path) { rename(from, $0) } }) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = PathName.withCString(temporaryPath) { unlink($0) }
            throw ImageError(.writeFailed, file: path, said: Messages.later("cannot move the finished video into place: %s", .plain(reason)))
        }
        FileSystem.syncFolder(of: path)
    }

    // MARK: - Encoding

    private func checkSize(_ imageWidth: Int, _ imageHeight: Int) throws {
        guard imageWidth == width, imageHeight == height else {
            throw ImageError(.writeFailed, file: path, said: Messages.later("a frame of %1$sx%2$s in a %3$sx%4$s video", .plain("\(imageWidth)"), .plain("\(imageHeight)"), .plain("\(width)"), .plain("\(height)")))
        }
    }

    private func encode(seconds: Double, fill: (UnsafeMutablePointer<AVFrame>) -> Void) throws {
        guard !finished, let codec, let frame else {
            throw ImageError(.writeFailed, file: path, said: Messages.later("the video is already finished"))
        }
        let pts = Int64((seconds * Double(Self.ticksPerSecond)).rounded())
        guard pts > lastPTS else {
            throw ImageError(.writeFailed, file: path, said: Messages.later("frame times must increase (%1$s s after %2$s s)", .plain("\(seconds)"), .plain("\(Double(lastPTS) / 1000)")))
        }
        lastPTS = pts
        var status = av_frame_make_writable(frame)
        if status < 0 { throw fail("out of memory for a frame: \(FFmpegLog.describe(status))") }
        fill(frame)
        frame.pointee.pts = pts
        status = avcodec_send_frame(codec, frame)
        if status < 0 { throw fail("the encoder refused a frame: \(FFmpegLog.describe(status))") }
        try drainPackets()
    }

    private func drainPackets() throws {
        guard let codec, let packet, let format else { return }
        while true {
            let status = avcodec_receive_packet(codec, packet)
            if status == cardbotAgain || status == cardbotEOF { return }
            if status < 0 { throw fail("the encoder failed: \(FFmpegLog.describe(status))") }
            // The last frame's duration is known to no one else: without it MP4's edit list drops that frame.
            if packet.pointee.duration <= 0 { packet.pointee.duration = frameTicks }
            av_packet_rescale_ts(packet, codec.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            let written = av_interleaved_write_frame(format, packet)
            if written < 0 { throw fail("cannot write to the file: \(FFmpegLog.describe(written))") }
        }
    }

    /// Gray into the frame: the luma plane as it is, chroma neutral (YUV), or converted by libswscale.
    private func fill(_ frame: UnsafeMutablePointer<AVFrame>, gray: UnsafePointer<UInt8>) {
        if isYUV420 {
            let luma = frame.pointee.data.0!
            let stride = Int(frame.pointee.linesize.0)
            for y in 0..<height { (luma + y * stride).update(from: gray + y * width, count: width) }
            for (plane, planeStride) in [(frame.pointee.data.1!, frame.pointee.linesize.1), (frame.pointee.data.2!, frame.pointee.linesize.2)] {
                for y in 0..<(height + 1) / 2 { (plane + y * Int(planeStride)).update(repeating: 128, count: (width + 1) / 2) }
            }
        } else {
            convert(frame, from: gray, format: AV_PIX_FMT_GRAY8, stride: width)
        }
    }

    /// Colour into the frame: BT.601 full-range YUV 4:2:0 (chroma averaged over 2x2 blocks), or libswscale.
    private func fill(_ frame: UnsafeMutablePointer<AVFrame>, rgb: UnsafePointer<UInt8>) {
        guard isYUV420 else {
            convert(frame, from: rgb, format: AV_PIX_FMT_RGB24, stride: width * 3)
            return
        }
        let luma = frame.pointee.data.0!, cb = frame.pointee.data.1!, cr = frame.pointee.data.2!
        let lumaStride = Int(frame.pointee.linesize.0)
        let cbStride = Int(frame.pointee.linesize.1), crStride = Int(frame.pointee.linesize.2)
        for y in 0..<height {
            for x in 0..<width {
                let p = rgb + (y * width + x) * 3
                let value = (19595 * Int(p[0]) + 38470 * Int(p[1]) + 7471 * Int(p[2]) + 32768) >> 16
                luma[y * lumaStride + x] = UInt8(min(255, value))
            }
        }
        for y in 0..<(height + 1) / 2 {
            for x in 0..<(width + 1) / 2 {
                var r = 0, g = 0, b = 0, n = 0
                for dy in 0..<2 where 2 * y + dy < height {
                    for dx in 0..<2 where 2 * x + dx < width {
                        let p = rgb + ((2 * y + dy) * width + 2 * x + dx) * 3
                        r += Int(p[0]); g += Int(p[1]); b += Int(p[2]); n += 1
                    }
                }
                let u = 128 * n * 65536 + (-11059 * r - 21709 * g + 32768 * b)
                let v = 128 * n * 65536 + (32768 * r - 27439 * g - 5329 * b)
                cb[y * cbStride + x] = UInt8(clamping: (u / n + 32768) >> 16)
                cr[y * crStride + x] = UInt8(clamping: (v / n + 32768) >> 16)
            }
        }
    }

    private var isYUV420: Bool { pixelFormat == AV_PIX_FMT_YUV420P || pixelFormat == AV_PIX_FMT_YUVJ420P }

    private func convert(_ frame: UnsafeMutablePointer<AVFrame>, from source: UnsafePointer<UInt8>, format: AVPixelFormat, stride: Int) {
        scaler = sws_getCachedContext(
            scaler, Int32(width), Int32(height), format, Int32(width), Int32(height), pixelFormat, SWS_BILINEAR, nil, nil, nil)
        guard let scaler else { return }
        var sourcePlanes: [UnsafePointer<UInt8>?] = [source, nil, nil, nil]
        var sourceStrides: [Int32] = [Int32(stride), 0, 0, 0]
        withUnsafeMutablePointer(to: &frame.pointee.data) { planes in
            withUnsafeMutablePointer(to: &frame.pointee.linesize) { strides in
                planes.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { planePointer in
                    strides.withMemoryRebound(to: Int32.self, capacity: 8) { stridePointer in
                        _ = sws_scale(scaler, &sourcePlanes, &sourceStrides, 0, Int32(height), planePointer, stridePointer)
                    }
                }
            }
        }
    }

    // MARK: - Set-up and clean-up

    /// 4:2:0 YUV where the encoder takes it (the luma plane is then the gray image), colour (3-3-2 bits) for GIF,
    /// else the encoder's first format.
    private static func pixelFormat(for encoder: UnsafePointer<AVCodec>) -> AVPixelFormat {
        // GIF takes no YUV: its colour format rather than gray, so that colour frames (AR replays) stay colour.
        if String(cString: encoder.pointee.name) == "gif" { return AV_PIX_FMT_RGB8 }
        guard let formats = encoder.pointee.pix_fmts else { return AV_PIX_FMT_YUV420P }
        var supported: [AVPixelFormat] = []
        var index = 0
        while formats[index] != AV_PIX_FMT_NONE {
            supported.append(formats[index])
            index += 1
        }
        for preferred in [AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_GRAY8] where supported.contains(preferred) {
            return preferred
        }
        return supported.first ?? AV_PIX_FMT_YUV420P
    }

    private func fail(_ reason: String) -> ImageError {
        abandon()
        return ImageError(.writeFailed, file: path, reason: reason)
    }

    private func abandon() {
        if let format, format.pointee.pb != nil, format.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
            avio_closep(&format.pointee.pb)
        }
        release()
        finished = true
        _ = PathName.withCString(temporaryPath) { unlink($0) }
        TemporaryFiles.forget(temporarySlot)
        temporarySlot = nil
    }

    private func release() {
        if frame != nil { av_frame_free(&frame) }
        if packet != nil { av_packet_free(&packet) }
        if codec != nil { avcodec_free_context(&codec) }
        if scaler != nil { sws_freeContext(scaler); scaler = nil }
        if let format { Self.free(format) }
        format = nil
    }

    private static func free(_ context: UnsafeMutablePointer<AVFormatContext>) {
        avformat_free_context(context)
    }
}

private let cardbotAgain = cardbot_video_error_again()
private let cardbotEOF = cardbot_video_error_eof()
