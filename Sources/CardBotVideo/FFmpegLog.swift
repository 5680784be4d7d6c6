import CCardBotVideo
import CFFmpeg

/// FFmpeg's messages, kept off the terminal.
///
/// Installing routes `av_log` to a callback that keeps the latest warning or error of each thread
/// instead of printing it; an error message may then quote it (`moov atom not found`).
enum FFmpegLog {
    /// Installs the callback (once per process; later calls do nothing).
    static let install: Void = {
        cardbot_video_log_install()
    }()

    /// The calling thread's latest FFmpeg warning or error, cleared; nil when there was none.
    static func take() -> String? {
        var buffer = [CChar](repeating: 0, count: 512)
        let length = cardbot_video_log_take(&buffer, buffer.count)
        guard length > 0 else { return nil }
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// FFmpeg's words for the error code `status`, with its latest log message when that adds something.
    static func describe(_ status: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        av_strerror(status, &buffer, buffer.count)
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if let logged = take(), !logged.isEmpty, logged != text { return "\(text) (\(logged))" }
        return text
    }
}
