import CCardBotVideo
import CFFmpeg
import CardBotImaging
import CardBotSupport
import Foundation

/// An open video: the container, its video stream and a decoder for it, one frame at a time.
///
/// Not thread-safe: one decoder per reader. The codec may use `threads` threads of its own.
final class VideoDecoder {
    /// What the next call to `next()` gave.
    enum Event {
        /// A decoded frame (valid until the next call) and its presentation time in seconds from the start.
        case frame(UnsafeMutablePointer<AVFrame>, seconds: Double)
        /// A packet or frame that could not be decoded, at this time when known, and why.
        case damaged(seconds: Double?, said: MessageText)
        /// The end of the video.
        case end
    }

    /// The file (or `-` for standard input), for messages.
    let file: String
    /// The stored frame size, before rotation.
    let width: Int
    let height: Int
    /// Clockwise degrees (0, 90, 180, 270) that turn the stored picture upright, from the display matrix.
    let rotation: Int
    /// The codec's name (`h264`, `mjpeg`, ...).
    let codecName: String
    /// The container's duration in seconds, when it says.
    let duration: Double?

    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var decoded: UnsafeMutablePointer<AVFrame>?
    private let streamIndex: Int32
    private let timeBase: Double
    private var startPTS: Int64?
    private var lastSeconds: Double = -1
    private var frameStep: Double
    private var draining = false
    /// Frames presented before this time (seconds) will not be read: when they are not needed as references
    /// for later frames, the decoder may skip them altogether (nil decodes every frame).
    var unneededBefore: Double? = nil

    /// Opens `url` (a file path, or `pipe:0`) and its best video stream.
    ///
    /// - Parameters:
    ///   - file: The name used in messages.
    ///   - limits: A stream claiming more pixels than `limits.maxPixels` is refused before decoding.
    ///   - threads: Decoder threads.
    ///   - interruptible: Stop blocking reads when the user presses Ctrl-C (live streams).
    /// - Throws: `ImageError` naming `file` and the reason.
    init(url: String, file: String, limits: ImageLimits, threads: Int, interruptible: Bool = false) throws {
        _ = FFmpegLog.install
        _ = FFmpegLog.take()
        self.file = file
        guard let context = avformat_alloc_context() else {
            throw ImageError(.unreadable, file: file, said: Messages.later("out of memory opening the video"))
        }
        if interruptible {
            context.pointee.interrupt_callback.callback = cardbot_video_interrupt_callback()
        }
        var options: OpaquePointer? = nil
        // Only local files and pipes: a playlist or a concat list must never open other files or the network.
        av_dict_set(&options, "protocol_whitelist", "file,pipe", 0)
        if interruptible {
            // A live stream is probed from its first frames only, and packets are not held back: each frame
            // is read the moment it arrives.
            av_dict_set(&options, "probesize", "32768", 0)
            av_dict_set(&options, "formatprobesize", "32768", 0)
            av_dict_set(&options, "analyzeduration", "100000", 0)
            av_dict_set(&options, "fflags", "nobuffer", 0)
        }
        var opened: UnsafeMutablePointer<AVFormatContext>? = context
        var status = avformat_open_input(&opened, url, nil, &options)
        av_dict_free(&options)
        guard status >= 0, let opened else {
            throw ImageError(.unknownFormat, file: file, said: Messages.later("not a video that can be read: %s", .plain("\(FFmpegLog.describe(status))")))
        }
        format = opened
        status = avformat_find_stream_info(opened, nil)
        if status < 0 {
            avformat_close_input(&format)
            throw ImageError(.corrupt, file: file, said: Messages.later("the video's streams cannot be read: %s", .plain("\(FFmpegLog.describe(status))")))
        }
        var decoder: UnsafePointer<AVCodec>? = nil
        let best = av_find_best_stream(opened, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0)
        let streams = (0..<Int(opened.pointee.nb_streams)).map { opened.pointee.streams[$0]! }
        if best == cardbot_video_error_stream_not_found()
            || (best >= 0 && streams[Int(best)].pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0)
        {
            let kinds = streams.map { $0.pointee.codecpar.pointee.codec_type }
            avformat_close_input(&format)
            let audioOnly = !kinds.isEmpty && kinds.allSatisfy { $0 == AVMEDIA_TYPE_AUDIO || $0 == AVMEDIA_TYPE_VIDEO }
                && kinds.contains(AVMEDIA_TYPE_AUDIO)
            throw ImageError(
                .unknownFormat, file: file,
                said: audioOnly ? Messages.later("has no video stream (it holds only audio)") : Messages.later("has no video stream"))
        }
        if best == cardbot_video_error_decoder_not_found() || (best >= 0 && decoder == nil) {
            let parameters = streams.first { $0.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO }?.pointee.codecpar
            let known = parameters.map { $0.pointee.codec_id != AV_CODEC_ID_NONE } ?? false
            let name = known ? parameters.map { String(cString: avcodec_get_name($0.pointee.codec_id)) }! : nil
            avformat_close_input(&format)
            throw ImageError(
                .unknownFormat, file: file,
                said: name.map {
                    Messages.later(
                        "the video is coded as %s, which this FFmpeg cannot decode; convert it to H.264 (ffmpeg -i FILE -c:v libx264 out.mp4)",
                        .plain($0))
                }
                    ?? Messages.later(
                        "the video's codec is not one FFmpeg knows, which this FFmpeg cannot decode; convert it to H.264 (ffmpeg -i FILE -c:v libx264 out.mp4)"))
        }
        guard best >= 0, let decoder else {
            avformat_close_input(&format)
            throw ImageError(.corrupt, file: file, said: Messages.later("no video stream can be read: %s", .plain("\(FFmpegLog.describe(best))")))
        }
        let stream = streams[Int(best)]
        let parameters = stream.pointee.codecpar!
        streamIndex = best
        width = Int(parameters.pointee.width)
        height = Int(parameters.pointee.height)
        codecName = String(cString: avcodec_get_name(parameters.pointee.codec_id))
        if width <= 0 || height <= 0 {
            // FFmpeg found the stream but could decode no frame of it to learn its size (its own limits refuse
            // frames of 30000x30000, say): quote what FFmpeg said rather than a size of 0x0.
            let ffmpeg = FFmpegLog.take().flatMap { $0.split(separator: "\n").first }.map(String.init)
            avformat_close_input(&format)
            throw ImageError(
                .corrupt, file: file,
                said: ffmpeg.map {
                    Messages.later(
                        "the size of the video's frames cannot be read, no frame of it could be decoded: FFmpeg says \"%s\"",
                        .plain($0))
                } ?? Messages.later("the size of the video's frames cannot be read, no frame of it could be decoded"))
        }
        do {
            try limits.check(width: width, height: height, file: file, video: true)
        } catch {
            avformat_close_input(&format)
            throw error
        }
        rotation = Self.rotation(of: stream)
        timeBase = av_q2d(stream.pointee.time_base)
        let rate = av_q2d(stream.pointee.avg_frame_rate)
        frameStep = rate > 0 && rate.isFinite ? 1 / rate : 1.0 / 30
        let containerDuration = opened.pointee.duration
        duration = containerDuration > 0 ? Double(containerDuration) / Double(AV_TIME_BASE) : nil
        if stream.pointee.start_time != cardbot_video_no_pts() { startPTS = stream.pointee.start_time }

        codec = avcodec_alloc_context3(decoder)
        guard let codec else {
            avformat_close_input(&format)
            throw ImageError(.unreadable, file: file, said: Messages.later("out of memory opening the decoder"))
        }
        avcodec_parameters_to_context(codec, parameters)
        codec.pointee.pkt_timebase = stream.pointee.time_base
        codec.pointee.thread_count = Int32(max(1, threads))
        codec.pointee.thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE
        // A frame with damaged data is refused rather than patched up: it counts as unreadable (a concealed
        // frame could show cards where there are none), and the frames after it go on.
        codec.pointee.err_recognition |= AV_EF_EXPLODE
        status = avcodec_open2(codec, decoder, nil)
        if status < 0 {
            close()
            throw ImageError(.unknownFormat, file: file, said: Messages.later("the %1$s decoder cannot start: %2$s", .plain(codecName), .plain("\(FFmpegLog.describe(status))")))
        }
        packet = av_packet_alloc()
        decoded = av_frame_alloc()
        // Ask the demuxer to skip the other streams' packets entirely.
        for (index, other) in streams.enumerated() where index != Int(best) { other.pointee.discard = AVDISCARD_ALL }
    }

    deinit { close() }

    private func close() {
        if decoded != nil { av_frame_free(&decoded) }
        if packet != nil { av_packet_free(&packet) }
        if codec != nil { avcodec_free_context(&codec) }
        if format != nil { avformat_close_input(&format) }
    }

    /// Decodes until the next frame comes out (or something goes wrong, or the video ends).
    func next() -> Event {
        guard let format, let codec, let packet, let decoded else { return .end }
        while true {
            let received = avcodec_receive_frame(codec, decoded)
            if received == 0 {
                let seconds = time(of: decoded)
                if decoded.pointee.decode_error_flags != 0 || decoded.pointee.flags & AV_FRAME_FLAG_CORRUPT != 0 {
                    return .damaged(seconds: seconds, said: Messages.later("the frame is damaged in the video (%s data is corrupt)", .plain(codecName)))
                }
                return .frame(decoded, seconds: seconds)
            }
            if received == cardbot_video_error_eof() { return .end }
            if received != cardbot_video_error_again() {
                return .damaged(seconds: nil, said: Messages.later("a frame cannot be decoded: %s", .plain("\(FFmpegLog.describe(received))")))
            }
            if draining { return .end }
            let read = av_read_frame(format, packet)
            if read < 0 {
                draining = true
                avcodec_send_packet(codec, nil)
                if read != cardbot_video_error_eof() && read != AVERROR_EXIT_VALUE {
                    return .damaged(seconds: nil, said: Messages.later("the video cannot be read to its end: %s", .plain("\(FFmpegLog.describe(read))")))
                }
                continue
            }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            // A frame nothing will read and no other frame refers to need not be decoded at all.
            var skip = AVDISCARD_DEFAULT
            if let unneededBefore, packet.pointee.pts != cardbot_video_no_pts(),
                seconds(ofPTS: packet.pointee.pts) + 1e-3 < unneededBefore
            {
                skip = AVDISCARD_NONREF
            }
            if codec.pointee.skip_frame != skip { codec.pointee.skip_frame = skip }
            let sent = avcodec_send_packet(codec, packet)
            if sent < 0 && sent != cardbot_video_error_again() {
                let pts = packet.pointee.pts
                let seconds = pts == cardbot_video_no_pts() ? nil : Optional(seconds(ofPTS: pts))
                return .damaged(seconds: seconds, said: Messages.later("a frame cannot be decoded: %s", .plain("\(FFmpegLog.describe(sent))")))
            }
        }
    }

    /// Decodes forward to the first good frame at or after `stamp`'s time (damaged frames passed over) and converts
    /// it with `convert`, given the frame and the video's turn; `passed` hears the time of every frame decoded.
    /// - Throws: `ImageError` naming the video when it ends first, or when `convert` cannot read the frame's pixel
    ///   format (nil).
    func decode<Image>(
        to stamp: FrameStamp, passed: (Double) -> Void = { _ in },
        convert: (UnsafeMutablePointer<AVFrame>, Int) -> Image?
    ) throws -> Image {
        while true {
            switch next() {
            case .end:
                throw ImageError(.truncated, file: file, said: Messages.later("no frame at %s", .decimal(stamp.name)))
            case .damaged:
                continue
            case .frame(let frame, let seconds):
                passed(seconds)
                guard seconds + 1e-3 >= stamp.seconds else { continue }
                guard let image = convert(frame, rotation) else {
                    throw ImageError(.unknownFormat, file: file, said: Messages.later("the frame's pixel format cannot be read"))
                }
                return image
            }
        }
    }

    /// Seeks to the key frame at or before `seconds` (for decoding one frame again); false when the video cannot seek.
    func seek(to seconds: Double) -> Bool {
        guard let format, let codec else { return false }
        let target = Int64((seconds / timeBase).rounded(.down)) + (startPTS ?? 0)
        guard av_seek_frame(format, streamIndex, target, AVSEEK_FLAG_BACKWARD) >= 0 else { return false }
        avcodec_flush_buffers(codec)
        draining = false
        lastSeconds = -1
        return true
    }

    /// The frame's presentation time in seconds from the start; a frame without one follows the last.
    private func time(of frame: UnsafeMutablePointer<AVFrame>) -> Double {
        var pts = frame.pointee.best_effort_timestamp
        if pts == cardbot_video_no_pts() { pts = frame.pointee.pts }
        let seconds: Double
        if pts == cardbot_video_no_pts() {
            seconds = lastSeconds < 0 ? 0 : lastSeconds + frameStep
        } else {
            if startPTS == nil { startPTS = pts }
            seconds = max(0, self.seconds(ofPTS: pts))
        }
        lastSeconds = seconds
        return seconds
    }

    private func seconds(ofPTS pts: Int64) -> Double {
        Double(pts - (startPTS ?? 0)) * timeBase
    }

    /// Clockwise degrees that turn the stored picture upright, from the stream's display matrix.
    private static func rotation(of stream: UnsafeMutablePointer<AVStream>) -> Int {
        var size: Int = 0
        guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 36 else { return 0 }
        let angle = data.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_get($0) }
        guard angle.isFinite else { return 0 }
        let clockwise = Int((-angle).rounded())
        let normalized = ((clockwise % 360) + 360) % 360
        // Only quarter turns: the nearest one.
        return ((normalized + 45) / 90 % 4) * 90
    }
}

/// AVERROR_EXIT, returned when the interrupt callback stopped a read.
private let AVERROR_EXIT_VALUE: Int32 = cardbot_video_error_exit()
