import CardBotImaging
import CardBotLesson
import CardBotSupport
import CardBotTracking

/// Turns attempts into replay frames: a title card (the attempt's number and cards), the robot walking its steps
/// over the camera frame, the end held with the result in words.
public struct ReplayComposer: Sendable {
    /// The level played.
    public let level: Level
    /// Pace and assumptions.
    public let options: ReplayOptions
    /// The overlay's drawing.
    public var renderer = OverlayRenderer()

    /// Creates a composer.
    public init(level: Level, options: ReplayOptions) {
        self.level = level
        self.options = options
    }

    /// Writes the frames of one attempt over `background` (held still), seen as `view`.
    /// - Returns: the number of frames written.
    @discardableResult
    public func write<Sink: ReplayFrameSink>(_ attempt: SessionRun.Attempt, background: RGBImage, view: ReplayView,
                                             into sink: inout Sink) throws -> Int {
        var written = 0
        let title = titleCard(for: attempt, background: background)
        for _ in 0..<options.frames(options.titleSeconds) {
            try sink.append(title)
            written += 1
        }
        guard let trace = attempt.trace else {
            let frame = unrunnableFrame(attempt: attempt, background: background)
            for _ in 0..<options.frames(options.holdSeconds) {
                try sink.append(frame)
                written += 1
            }
            return written
        }
        let animation = RobotAnimation(map: level.map, trace: trace)
        // The background is held still: frames of the same moment (the lead-in, the end held) are drawn once.
        var last: (time: Double, frame: RGBImage)? = nil
        for time in timeline(steps: trace.steps.count) {
            if last?.time != time {
                last = (time, frame(attempt: attempt, animation: animation, time: time, background: background, view: view))
            }
            try sink.append(last!.frame)
            written += 1
        }
        return written
    }

    /// The moments (in steps) of the replay's frames after the title: the lead-in at the start, each step
    /// over `stepSeconds`, then the end held. A walk longer than ``ReplayOptions/maximumWalkSeconds`` is shown
    /// faster, in that many seconds.
    public func timeline(steps: Int) -> [Double] {
        let lead = [Double](repeating: 0, count: options.frames(options.leadSeconds))
        let perStep = options.frames(options.stepSeconds)
        let walk: [Double]
        if options.speedUp(forSteps: steps) > 1 {
            let frames = options.frames(options.maximumWalkSeconds)
            walk = (1...frames).map { Double($0) * Double(steps) / Double(frames) }
        } else {
            walk = (1...max(1, steps * perStep)).map { Double($0) / Double(perStep) }.map { min($0, Double(steps)) }
        }
        let hold = [Double](repeating: Double(steps), count: options.frames(options.holdSeconds))
        return lead + (steps > 0 ? walk : []) + hold
    }

    /// The fewest pixels the robot spans, across and down, on a `width` x `height` frame (see
    /// ``ReplayOptions/robotShare``).
    public func robotPixels(width: Int, height: Int) -> Double { options.robotShare * Double(min(width, height)) }

    /// One frame of an attempt at `time` (in steps): the robot on the map, the step's caption while it runs, the
    /// result once it has run.
    public func frame(attempt: SessionRun.Attempt, animation: RobotAnimation, time: Double, background: RGBImage,
                      view: ReplayView) -> RGBImage {
        let moment = animation.moment(at: time)
        let trace = animation.trace
        var image: RGBImage
        let robot = robotPixels(width: background.width, height: background.height)
        switch view {
        case .table(let pose, let layout, let cards):
            var running: [SIMD2<Double>]? = nil
            if let step = moment.step {
                let index = trace.steps[step].cardPosition - 1
                if cards.indices.contains(index) { running = cards[index] }
            }
            var canvas = OverlayCanvas(background)
            renderer.draw(
                OverlayRenderer.Scene(pose: pose, layout: layout, map: level.map, moment: moment, solved: trace.success,
                                      runningCard: running, robotPixels: robot),
                on: &canvas)
            image = canvas.take()
        case .flat(let flat, _):
            image = background
            flat.inset(flat.render(map: level.map, moment: moment, solved: trace.success, renderer: renderer, robotPixels: robot),
                       into: &image)
        }
        if time >= animation.duration && moment.step == nil {
            TextBlock.result(attempt.replayHeadline(level: level), solved: trace.success, on: &image)
        } else {
            TextBlock.caption(caption(attempt: attempt, moment: moment, time: time, animation: animation), on: &image)
        }
        return image
    }

    /// The frame of an attempt whose program could not run: `background` with why, as a result.
    public func unrunnableFrame(attempt: SessionRun.Attempt, background: RGBImage) -> RGBImage {
        var image = background
        TextBlock.result(attempt.replayHeadline(level: level), solved: false, on: &image)
        return image
    }

    /// The caption: the step and its card while running, the result at the end.
    public func caption(attempt: SessionRun.Attempt, moment: RobotAnimation.Moment, time: Double, animation: RobotAnimation) -> String {
        let trace = animation.trace
        if let step = moment.step {
            let s = trace.steps[step]
            let caption = Messages.text(
                "Attempt %1$s, step %2$s of %3$s: %4$s (card %5$s)", attempt.number, s.number, trace.steps.count, s.card.localizedName,
                s.cardPosition)
            let speedUp = options.speedUp(forSteps: trace.steps.count)
            guard speedUp > 1 else { return caption }
            return Messages.text("%1$s, shown %2$s times faster", caption, Int(speedUp.rounded()))
        }
        if time < animation.duration {
            return Messages.plural(
                "Attempt %1$s: %2$s card", "Attempt %1$s: %2$s cards", count: trace.program.count, attempt.number,
                trace.program.count)
        }
        return attempt.replayHeadline(level: level)
    }

    /// An attempt's title card: "Attempt 2" and its cards, never what came of them (that is shown after the
    /// robot's last step).
    public func titleCard(for attempt: SessionRun.Attempt, background: RGBImage) -> RGBImage {
        titleCard(background: background, heading: Messages.text("Attempt %s", attempt.number), detail: Self.programLine(attempt.shownProgram))
    }

    /// "Program (5 cards): forward jump right jump forward", the cards as given (in the reader's language).
    public static func programLine(_ cards: [String]) -> String {
        guard !cards.isEmpty else { return Messages.text("Program: no cards") }
        return Messages.plural("Program (%s card):", "Program (%s cards):", count: cards.count, cards.count) + " "
            + cards.joined(separator: " ")
    }

    /// A title card: the frame darkened, a heading and a sentence.
    public func titleCard(background: RGBImage, heading: String, detail: String) -> RGBImage {
        var image = background
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            for index in pixels.indices { pixels[index] = UInt8(UInt16(pixels[index]) * 3 / 10) }
        }
        return TextBlock.titled(image, heading: heading, detail: detail, detailColor: RGB(225, 228, 235))
    }
}
