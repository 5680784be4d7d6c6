import CardBotImaging
import CardBotLesson
import CardBotSupport
import CardBotTracking
import CardBotVision

/// Renders the replay of a video session: from each attempt's run frame on, the robot performs its steps over the
/// following camera frames, the table plane followed from frame to frame (`PlaneTracker`: smoothed, kept while a
/// hand hides the cards).
///
/// The camera frames are decoded again, in colour, from the session's `FrameSource` read as the run read it (the
/// same limits and sampling, so the same frames); their cards are the run's (``SessionRun/cards(inFrame:)``):
/// nothing is detected again.
public struct VideoSessionReplayer: Sendable {
    /// Pace and assumptions.
    public let options: ReplayOptions

    /// Creates a replayer.
    public init(options: ReplayOptions) {
        self.options = options
    }

    /// One camera frame and its cards.
    struct Frame: Sendable {
        var image: RGBImage
        var cards: [Detection]
    }

    /// The attempt being shown.
    private struct Active {
        var attempt: SessionRun.Attempt
        var animation: RobotAnimation?
        var tracker: PlaneTracker
        var view: ReplayView
        var start: Double
        var end: Double
        /// The seconds each step is shown (shorter for a walk longer than the options' maximum).
        var stepSeconds: Double
    }

    /// Writes the frames of every attempt of `run` (a video session) into `sink` (and finishes it), over the frames
    /// of `source`: the recording read as the run read it.
    /// - Parameter warn: told once per attempt that falls back to the flat map, with the reason.
    /// - Throws: `ImageError` when the source cannot be read or a frame cannot be written.
    public func write<Sink: ReplayFrameSink>(_ run: SessionRun, source: any FrameSource, into sink: inout Sink,
                                             warn: (String) -> Void) throws -> SessionReplayer.Summary {
        let level = run.level
        let composer = ReplayComposer(level: level, options: options)
        var pending = run.attempts.sorted { $0.frame < $1.frame }[...]
        var active: Active? = nil
        var summary = SessionReplayer.Summary(frames: 0, flatAttempts: [])

        /// Renders the active attempt over `background` up to time `until` (seconds), one output frame per
        /// 1/fps seconds since the last one written.
        var written = 0.0
        func render(_ state: Active, background: RGBImage, until seconds: Double) throws {
            while written <= seconds {
                let time = (written - state.start - options.leadSeconds) / state.stepSeconds
                let frame: RGBImage
                if let animation = state.animation {
                    frame = composer.frame(attempt: state.attempt, animation: animation, time: max(0, time),
                                           background: background, view: state.view)
                } else {
                    frame = composer.unrunnableFrame(attempt: state.attempt, background: background)
                }
                try sink.append(frame)
                summary.frames += 1
                written += 1 / options.framesPerSecond
            }
        }

        // Each attempt's run frame is kept as it passes (one frame per attempt), so that an attempt whose run frame
        // comes while the previous one is still being shown starts from its own run frame.
        var captured: [Int: (frame: Frame, background: RGBImage, seconds: Double)] = [:]
        func startNext(at seconds: Double) throws {
            guard active == nil, let next = pending.first, let held = captured[next.number] else { return }
            pending.removeFirst()
            captured[next.number] = nil
            written = max(written, seconds)
            active = try begin(next, frame: held.frame, background: held.background, seconds: written, level: level,
                               composer: composer, sink: &sink, summary: &summary, warn: warn)
        }

        // The frames the run read, with their cards: a frame is decoded (in colour, the robot drawn over it) only
        // when an attempt starts on it or is being shown over it, so the stretches between attempts are sought over.
        var cursor = try source.colourCursor()
        var lastFrame: (stamp: FrameStamp, cards: [Detection])? = nil
        for read in run.frames where read.markers != nil {
            let stamp = read.stamp
            let cards = run.cards(inFrame: stamp.index)
            var decoded: RGBImage? = nil
            func background() throws -> RGBImage {
                if let decoded { return decoded }
                let image = try cursor.colourFrame(stamp)
                decoded = image
                return image
            }
            lastFrame = (stamp, cards)
            for attempt in pending where attempt.frame <= stamp.index && captured[attempt.number] == nil {
                let image = try background()
                captured[attempt.number] = (Frame(image: image, cards: cards), image, stamp.seconds)
            }
            try startNext(at: stamp.seconds)
            if var state = active {
                let image = try background()
                state.tracker.update(cards)
                if case .table(_, let layout, let seen) = state.view, let h = state.tracker.homography,
                    let pose = CameraPose(homography: h, width: image.width, height: image.height, fieldOfView: options.fieldOfView)
                {
                    state.view = .table(pose: pose, layout: layout, cards: seen)
                }
                active = state
                try render(state, background: image, until: min(stamp.seconds, state.end))
                if stamp.seconds >= state.end {
                    active = nil
                    try startNext(at: stamp.seconds)
                }
            }
            if active == nil && pending.isEmpty { break }
        }
        // The video ended before the robot did: the last frame is held until the end, and attempts still waiting
        // are shown over their run frames held still.
        var held: (image: RGBImage, seconds: Double)? = nil
        func lastImage() throws -> (image: RGBImage, seconds: Double)? {
            if held == nil, let lastFrame { held = (try cursor.colourFrame(lastFrame.stamp), lastFrame.stamp.seconds) }
            return held
        }
        while true {
            if let state = active, let last = try lastImage() {
                try render(state, background: last.image, until: state.end)
                active = nil
            }
            guard let next = pending.first else { break }
            if captured[next.number] == nil, let last = try lastImage() {
                captured[next.number] = (Frame(image: last.image, cards: lastFrame?.cards ?? []), last.image, last.seconds)
            }
            guard let start = captured[next.number] else { break }
            try startNext(at: written)
            held = (start.background, start.seconds)
            lastFrame = (FrameStamp(index: next.frame, name: next.frameName, seconds: start.seconds), start.frame.cards)
        }
        try sink.finish()
        return summary
    }

    /// Starts an attempt at its run frame: the plane, the view, the title card.
    private func begin<Sink: ReplayFrameSink>(
        _ attempt: SessionRun.Attempt, frame: Frame, background: RGBImage, seconds: Double, level: Level,
        composer: ReplayComposer, sink: inout Sink, summary: inout SessionReplayer.Summary, warn: (String) -> Void
    ) throws -> Active {
        var tracker = PlaneTracker(fitter: TablePlaneFitter(geometry: options.cards))
        let plane = tracker.fitter.fit(frame.cards)
        if let plane { tracker.start(with: plane) }
        let view = ReplayView.prepare(
            plane: plane, seen: frame.cards.map(\.corners), programMatches: frame.cards.map(\.marker) == attempt.markers, map: level.map,
            width: background.width, height: background.height, options: options)
        if let reason = view.fallbackReason {
            summary.flatAttempts.append((attempt.number, reason))
            warn("attempt \(attempt.number) (\(attempt.frameName)): \(reason); the map is drawn flat in a corner")
        }
        let title = composer.titleCard(for: attempt, background: background)
        for _ in 0..<options.frames(options.titleSeconds) {
            try sink.append(title)
            summary.frames += 1
        }
        let animation = attempt.trace.map { RobotAnimation(map: level.map, trace: $0) }
        let steps = attempt.trace?.steps.count ?? 0
        let stepSeconds = options.stepSeconds(forSteps: steps)
        let end = seconds + options.leadSeconds + Double(steps) * stepSeconds + options.holdSeconds
        return Active(
            attempt: attempt, animation: animation, tracker: tracker, view: view, start: seconds, end: end,
            stepSeconds: stepSeconds)
    }
}
