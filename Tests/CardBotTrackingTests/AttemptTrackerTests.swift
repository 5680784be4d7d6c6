import CardBotImaging
import CardBotTracking
import Testing

/// A lesson as a function of time: the program cards in view and whether the GO card (marker 18) is in view.
struct LessonScript: Sendable {
    static let go = 18
    var duration: Double
    var cards: @Sendable (Double) -> [Int]
    var goVisible: @Sendable (Double) -> Bool

    /// The frames a camera at `fps` makes of it (with `jitter`, a phone's uneven frame times), GO card first in
    /// reading order as it lies left of the row.
    func frames(fps: Double, jitter: Double = 0, unreadableEvery: Int = 0) -> [AttemptTracker.Frame] {
        var frames: [AttemptTracker.Frame] = []
        var t = 0.0
        var index = 0
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        while t < duration {
            let name = FrameStamp.clock(t)
            let stamp = FrameStamp(index: index, name: name, seconds: t)
            if unreadableEvery > 0 && index % unreadableEvery == unreadableEvery - 1 {
                frames.append(.init(stamp: stamp, markers: nil))
            } else {
                frames.append(.init(stamp: stamp, markers: (goVisible(t) ? [Self.go] : []) + cards(t)))
            }
            index += 1
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let unit = Double(state >> 11) / Double(1 << 53)
            // A steady rate is timed as a camera times it (index / fps); a phone's uneven rate by its intervals.
            t = jitter == 0 ? Double(index) / fps : t + (1 / fps) * (1 + jitter * (unit * 2 - 1))
        }
        return frames
    }

    /// A child's lesson: cards A (0), B (1), C (2) laid with a hand over each slot and a thinking pause; a tap;
    /// a hand over the whole row; a hand straightening one card; a rearrangement to A, D (3), C; a double tap;
    /// finally a hand left on the GO card to the end.
    static let child = LessonScript(
        duration: 40,
        cards: { t in
            switch t {
            case ..<1.8: return []  // empty table, then the hand over the first slot
            case ..<4.8: return [0]  // B's hand from 4.0 covers B's slot
            case ..<10.3: return [0, 1]  // a thinking pause of 4.7 s before C
            case 15.0..<15.8: return []  // a hand and arm over the whole row (and the GO card)
            case 19.0..<20.2: return [0, 2]  // a hand straightening B
            case 22.0..<24.0: return [0]  // rearranging under a hand
            case 24.0...: return [0, 3, 2]
            default: return [0, 1, 2]
            }
        },
        goVisible: { t in
            switch t {
            case 12.0..<12.7: return false  // tap 1
            case 15.0..<15.8: return false  // the arm over the row
            case 26.0..<26.6, 27.2..<27.7: return false  // a double tap
            case 33.0...: return false  // a hand left on the GO card
            default: return true
            }
        })
}

@Suite("Attempts from run marks, GO-card taps and settled programs")
struct AttemptTrackerTests {
    static let options = TrackingOptions(stableSeconds: 0.5, settleSeconds: 7, goMarker: LessonScript.go)

    @Test(
        "a child's lesson gives the same taps, attempts and programs at every frame rate",
        arguments: [(2.0, 0.0), (5.0, 0.0), (24.0, 0.0), (30.0, 0.0), (60.0, 0.0), (30.0, 0.6)])
    func taps(fps: Double, jitter: Double) {
        let plan = AttemptTracker.plan(LessonScript.child.frames(fps: fps, jitter: jitter), runMarks: nil, options: Self.options)
        #expect(plan.signal == .goTaps)
        #expect(plan.attempts.map(\.markers) == [[0, 1, 2], [0, 3, 2]])
        #expect(plan.attempts.allSatisfy { $0.signal == .goTaps })
        // Each attempt at its tap, within a frame.
        let frame = 1 / fps * (1 + jitter)
        #expect(zip(plan.attempts.map(\.seconds), [12.0, 26.0]).allSatisfy { abs($0 - $1) <= frame + 1e-9 })
        // The double tap is two taps and one press; the arm over the row is no tap.
        #expect(plan.taps.count == 3)
        #expect(plan.taps.map(\.repeatsPress) == [false, false, true])
        // The hand left on the GO card says so.
        #expect(plan.notes.count == 1)
        #expect(plan.notes.first?.contains("never seen again") == true)
        #expect(plan.finalProgram == [0, 3, 2])
    }

    @Test("unreadable frames do not change the taps or the attempts")
    func unreadableFrames() {
        let plan = AttemptTracker.plan(LessonScript.child.frames(fps: 10, unreadableEvery: 4), runMarks: nil, options: Self.options)
        #expect(plan.attempts.map(\.markers) == [[0, 1, 2], [0, 3, 2]])
        #expect(plan.taps.filter { !$0.repeatsPress }.count == 2)
    }

    @Test("a hand over the whole row, the GO card with it, is not a tap")
    func wholeRow() {
        var script = LessonScript.child
        script.goVisible = { t in !(15.0..<15.8).contains(t) }
        let plan = AttemptTracker.plan(script.frames(fps: 5), runMarks: nil, options: Self.options)
        #expect(plan.signal == .goTaps)
        #expect(plan.taps.isEmpty)
        #expect(plan.attempts.isEmpty)
        // Cards lie on the table, so no tap is a doubt (the review's `untapped` reason), not the child's fault.
        #expect(plan.notes.isEmpty)
        #expect(plan.finalProgram == [0, 3, 2])
    }

    @Test("a GO card that lay alone on the table and was never tapped says so")
    func neverTapped() {
        let script = LessonScript(duration: 10, cards: { _ in [] }, goVisible: { _ in true })
        let plan = AttemptTracker.plan(script.frames(fps: 5), runMarks: nil, options: Self.options)
        #expect(plan.signal == .goTaps)
        #expect(plan.attempts.isEmpty)
        #expect(plan.notes == ["A GO card lay on the table but was never tapped: no program was run."])
    }

    @Test("without a run signal, the program left on the table when the recording ends is an attempt; one already settled is not run again")
    func recordingEnd() {
        let options = TrackingOptions(goMarker: nil)
        // Cards laid by 6 s; the recording stops 2 s later, long before the 8 s a program must lie still.
        let short = LessonScript(duration: 8, cards: { t in t < 3 ? [] : (t < 6 ? [0] : [0, 1]) }, goVisible: { _ in false })
        let plan = AttemptTracker.plan(short.frames(fps: 2), runMarks: nil, options: options)
        #expect(plan.signal == .settled)
        #expect(plan.attempts.map(\.markers) == [[0, 1]])
        #expect(plan.attempts.map(\.signal) == [.recordingEnd])
        #expect(plan.attempts.first?.seconds == 7.5)
        // The same program settled (lay still 8 s) before the end: one attempt, not two.
        let long = LessonScript(duration: 20, cards: { t in t < 3 ? [] : [0, 1] }, goVisible: { _ in false })
        let settled = AttemptTracker.plan(long.frames(fps: 2), runMarks: nil, options: options)
        #expect(settled.attempts.map(\.signal) == [.settled])
        // A GO card seen makes taps the rule: the end of the recording runs nothing.
        var withGo = short
        withGo.goVisible = { _ in true }
        let tapped = AttemptTracker.plan(withGo.frames(fps: 2), runMarks: nil, options: Self.options)
        #expect(tapped.signal == .goTaps)
        #expect(tapped.attempts.isEmpty)
    }

    @Test("a GO card covered longer than a tap is no tap, and the note says for how long")
    func restingHand() {
        var script = LessonScript.child
        script.duration = 20
        script.goVisible = { t in !(12.0..<15.0).contains(t) }
        let plan = AttemptTracker.plan(script.frames(fps: 5), runMarks: nil, options: Self.options)
        #expect(plan.taps.isEmpty)
        #expect(plan.notes.contains { $0.contains("covered for 3") && $0.contains("0:12") })
    }

    @Test("a tap too short to be a hand (one frame at 10 fps) is not a tap")
    func flicker() {
        var script = LessonScript.child
        script.duration = 20
        script.goVisible = { t in !(12.0..<12.05).contains(t) }
        let plan = AttemptTracker.plan(script.frames(fps: 10), runMarks: nil, options: Self.options)
        #expect(plan.taps.isEmpty)
    }

    @Test("a tap with no cards on the table runs nothing and says so")
    func emptyTap() {
        var script = LessonScript.child
        script.duration = 10
        script.cards = { _ in [] }
        script.goVisible = { t in !(3.0..<3.5).contains(t) }
        let plan = AttemptTracker.plan(script.frames(fps: 5), runMarks: nil, options: Self.options)
        #expect(plan.taps.count == 1)
        #expect(plan.attempts.isEmpty)
        #expect(plan.notes.first?.contains("no cards on the table") == true)
    }

    @Test("with no run signal, each program that settles is an estimated attempt, at every frame rate", arguments: [2.0, 5.0, 30.0])
    func settled(fps: Double) {
        var script = LessonScript.child
        script.goVisible = { _ in false }
        let plan = AttemptTracker.plan(script.frames(fps: fps), runMarks: nil, options: Self.options)
        #expect(plan.signal == .settled)
        #expect(plan.signal.isEstimate)
        // A, B lay still 5.5 s (a thinking pause): no attempt. A, B, C settles at 17.3 s; the arm over the row and the
        // hand straightening B make no new attempt of the same program; A, D, C settles at 31 s.
        #expect(plan.attempts.map(\.markers) == [[0, 1, 2], [0, 3, 2]])
        #expect(plan.attempts.allSatisfy { $0.signal == .settled })
        #expect(abs(plan.attempts[0].seconds - 17.3) <= 1 / fps + 1e-9)
        #expect(abs(plan.attempts[1].seconds - 31.0) <= 1 / fps + 1e-9)
    }

    @Test("run marks win over GO taps: each mark runs the program on the table at its time, even an unchanged one")
    func runMarks() {
        let plan = AttemptTracker.plan(
            LessonScript.child.frames(fps: 2), runMarks: [0.2, 12, 13, 30], options: Self.options)
        #expect(plan.signal == .runMarks)
        #expect(plan.attempts.map(\.markers) == [[], [0, 1, 2], [0, 1, 2], [0, 3, 2]])
        #expect(plan.attempts.map(\.seconds) == [0.2, 12, 13, 30])
        // A mark between two frames runs the program of the frame before it.
        #expect(plan.attempts[0].stamp.seconds == 0)
        // Taps are still reported.
        #expect(plan.taps.count == 3)
    }

    @Test("run marks after the last frame run the final program")
    func lateMarks() {
        var script = LessonScript.child
        script.duration = 12
        let plan = AttemptTracker.plan(script.frames(fps: 2), runMarks: [100], options: Self.options)
        #expect(plan.attempts.map(\.markers) == [[0, 1, 2]])
        #expect(plan.attempts.first?.stamp.seconds == 11.5)
    }

    @Test("live: the attempt of a tap is known at the frame that shows the GO card again")
    func live() {
        var tracker = AttemptTracker(options: Self.options)
        var at: [(Double, [Int])] = []
        for frame in LessonScript.child.frames(fps: 5) {
            for found in tracker.live(tracker.observe(frame)) { at.append((frame.stamp.seconds, found.markers)) }
        }
        #expect(at.map(\.1) == [[0, 1, 2], [0, 3, 2]])
        // The GO card is seen again at 12.7 s and 26.6 s: the first frame at or after that (5 fps).
        #expect(abs(at[0].0 - 12.8) < 1e-6)
        #expect(abs(at[1].0 - 26.6) < 1e-6)
    }
}
