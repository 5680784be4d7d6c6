import CardBotAR
import CardBotImaging
import CardBotSupport
import CardBotTracking

/// A replay's frames on their way to another sink, counted for a progress bar.
struct ProgressFrameSink: ReplayFrameSink {
    /// Where the frames go.
    var inner: any ReplayFrameSink
    /// The frames the replay is expected to have.
    let expected: Int
    /// Told after each frame.
    let report: (@Sendable (JobProgress) -> Void)?
    private let start = ContinuousClock.now
    private var written = 0

    init(_ inner: any ReplayFrameSink, expected: Int, report: (@Sendable (JobProgress) -> Void)?) {
        self.inner = inner
        self.expected = expected
        self.report = report
    }

    mutating func append(_ frame: RGBImage) throws {
        try inner.append(frame)
        written += 1
        report?(JobProgress(done: written, total: max(expected, written), unit: .frames, seconds: (ContinuousClock.now - start).seconds))
    }

    mutating func finish() throws {
        try inner.finish()
    }

    /// The frames `attempts` make: each one's title, then its walk and the end held (or the end alone for a
    /// program that could not run), as ``ReplayComposer`` draws them.
    static func expectedFrames(_ attempts: [SessionRun.Attempt], composer: ReplayComposer) -> Int {
        attempts.reduce(0) { total, attempt in
            let body = attempt.trace.map { composer.timeline(steps: $0.steps.count).count }
                ?? composer.options.frames(composer.options.holdSeconds)
            return total + composer.options.frames(composer.options.titleSeconds) + body
        }
    }
}
