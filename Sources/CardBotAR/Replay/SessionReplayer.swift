import CardBotGeometry
import CardBotImaging
import CardBotLesson
import CardBotSupport
import CardBotTracking
import CardBotVision

/// Renders the replay of a recorded session of still frames: for each attempt, its run frame is read again in
/// colour, the cards read when the session was run give the table plane, and the robot performs its steps over
/// that frame held still.
public struct SessionReplayer: Sendable {
    /// What the replay wrote.
    public struct Summary: Sendable, Equatable {
        /// Frames written.
        public var frames: Int
        /// Attempts drawn flat in a corner, with the reason.
        public var flatAttempts: [(number: Int, reason: String)]

        public static func == (a: Summary, b: Summary) -> Bool {
            a.frames == b.frames && a.flatAttempts.map(\.number) == b.flatAttempts.map(\.number)
        }
    }

    /// The level played.
    public let level: Level
    /// The deck the cards are read with.
    public let deck: Deck
    /// Pace and assumptions.
    public let options: ReplayOptions
    /// Limits for reading the frames.
    public let limits: ImageLimits

    /// Creates a replayer.
    public init(level: Level, deck: Deck, options: ReplayOptions, limits: ImageLimits = .default) {
        self.level = level
        self.deck = deck
        self.options = options
        self.limits = limits
    }

    /// Writes the frames of every attempt of `run` (a session of stills) into `sink` (and finishes it).
    /// - Parameter warn: told once per attempt that falls back to the flat map, with the reason.
    /// - Throws: `ImageError` when a run frame cannot be read or a frame cannot be written.
    public func write<Sink: ReplayFrameSink>(_ run: SessionRun, into sink: inout Sink,
                                             warn: (String) -> Void) throws -> Summary {
        let composer = ReplayComposer(level: level, options: options)
        let fitter = TablePlaneFitter(geometry: options.cards)
        var reader = ImageReader(limits: limits)
        var summary = Summary(frames: 0, flatAttempts: [])
        var size: (width: Int, height: Int)? = nil
        let paths = run.session.isVideo ? [] : run.session.framePaths
        for attempt in run.attempts {
            guard paths.indices.contains(attempt.frame) else { continue }
            let path = paths[attempt.frame]
            var background = try reader.readRGB(path)
            var cards = attempt.cards
            if let size, size != (background.width, background.height) {
                cards = Self.scaled(cards, by: (Double(size.width) / Double(background.width), Double(size.height) / Double(background.height)))
                background = Self.resized(background, width: size.width, height: size.height)
            }
            size = size ?? (background.width, background.height)
            let view = ReplayView.prepare(
                plane: fitter.fit(cards), seen: cards.map(\.corners), programMatches: cards.map(\.marker) == attempt.markers, map: level.map,
                width: background.width, height: background.height, options: options)
            if let reason = view.fallbackReason {
                summary.flatAttempts.append((attempt.number, reason))
                warn("attempt \(attempt.number) (\(attempt.frameName)): \(reason); the map is drawn flat in a corner")
            }
            summary.frames += try composer.write(attempt, background: background, view: view, into: &sink)
        }
        try sink.finish()
        return summary
    }

    /// The replay of a typed program: the flat map alone, `width` x `height`.
    public static func writeTyped<Sink: ReplayFrameSink>(_ trace: Trace, level: Level, options: ReplayOptions, width: Int,
                                                         height: Int, into sink: inout Sink) throws -> Int {
        let composer = ReplayComposer(level: level, options: options)
        let flat = FlatMapView(map: level.map, width: width, height: height)
        let background = RGBImage(width: width, height: height, fill: FlatMapView.background)
        let attempt = SessionRun.Attempt(typed: trace)
        var frames = 0
        let title = composer.titleCard(
            background: background, heading: Messages.text("Level %1$s: %2$s", level.number, level.localized(Messages.preferences).name),
            detail: ReplayComposer.programLine(attempt.shownProgram))
        for _ in 0..<options.frames(options.titleSeconds) {
            try sink.append(title)
            frames += 1
        }
        let animation = RobotAnimation(map: level.map, trace: trace)
        var last: (time: Double, frame: RGBImage)? = nil
        for time in composer.timeline(steps: trace.steps.count) {
            if last?.time != time {
                let moment = animation.moment(at: time)
                var image = flat.render(map: level.map, moment: moment, solved: trace.success, renderer: composer.renderer,
                                        robotPixels: composer.robotPixels(width: width, height: height))
                if time >= animation.duration && moment.step == nil {
                    TextBlock.result(attempt.replayHeadline(level: level), solved: trace.success, on: &image)
                } else {
                    TextBlock.caption(composer.caption(attempt: attempt, moment: moment, time: time, animation: animation), on: &image)
                }
                last = (time, image)
            }
            try sink.append(last!.frame)
            frames += 1
        }
        try sink.finish()
        return frames
    }

    /// `cards` with their corners scaled by `factor` (x, y), as ``resized(_:width:height:)`` scales their frame.
    static func scaled(_ cards: [Detection], by factor: (x: Double, y: Double)) -> [Detection] {
        cards.map { card in
            var card = card
            let scale = { (point: ImagePoint) in ImagePoint(point.x * factor.x, point.y * factor.y) }
            let quad = card.quad
            card.quad = Quad(
                topLeft: scale(quad.topLeft), topRight: scale(quad.topRight), bottomRight: scale(quad.bottomRight),
                bottomLeft: scale(quad.bottomLeft))
            return card
        }
    }

    /// `image` scaled to `width` x `height` by nearest neighbour (frames of another size in one session).
    static func resized(_ image: RGBImage, width: Int, height: Int) -> RGBImage {
        var out = RGBImage(width: width, height: height)
        for y in 0..<height {
            let sy = min(image.height - 1, y * image.height / height)
            for x in 0..<width {
                let sx = min(image.width - 1, x * image.width / width)
                let s = (sy * image.width + sx) * 3
                let t = (y * width + x) * 3
                out.pixels[t] = image.pixels[s]
                out.pixels[t + 1] = image.pixels[s + 1]
                out.pixels[t + 2] = image.pixels[s + 2]
            }
        }
        return out
    }
}
