import CardBotSupport
import Foundation

/// A one-line progress bar on standard error, redrawn in place; shown only when standard error is a terminal.
package final class ProgressBar: @unchecked Sendable {
    private let lock = NSLock()
    private var drawn = false
    private var lastDrawn: ContinuousClock.Instant? = nil

    /// A bar when standard error is a terminal (and TERM is not `dumb`), else nil.
    package static func onTerminal() -> ProgressBar? {
        guard isatty(STDERR_FILENO) != 0, ProcessInfo.processInfo.environment["TERM"] != "dumb" else { return nil }
        return ProgressBar()
    }

    /// Redraws the bar.
    package func show(_ progress: some ProgressLine) {
        var size = winsize()
        let columns = ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
        let line = progress.line(width: columns - 1)
        lock.withLock {
            // At most ten redraws a second: a terminal kept busy slows the frames it reports on.
            let now = ContinuousClock.now
            if let last = lastDrawn, now - last < .milliseconds(100) { return }
            lastDrawn = now
            FileHandle.standardError.write(Data(("\r" + line + "\u{1B}[K").utf8))
            drawn = true
        }
    }

    /// Runs `body` with a function that shows progress on the terminal's bar (nil when there is no terminal),
    /// then clears the bar.
    package static func showing<Report: ProgressLine, T>(_ body: ((@Sendable (Report) -> Void)?) throws -> T) rethrows -> T {
        let bar = onTerminal()
        defer { bar?.finish() }
        guard let bar else { return try body(nil) }
        return try body { progress in bar.show(progress) }
    }

    /// Clears the bar's line.
    package func finish() {
        lock.withLock {
            if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            drawn = false
        }
    }
}
