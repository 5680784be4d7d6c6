import Foundation
import Testing

/// One lesson at a child's pace (cards laid seconds apart, thinking pauses, a hand over each slot, GO taps), written
/// at the frame rates and in the containers a classroom records, run through `cardbot run`: the grade is the
/// child's, not the camera's.
@Suite("cardbot run: the same lesson at any frame rate, GO taps and hands")
struct SessionPaceCommandTests {
    static let programs = [RunSessionCommandTests.firstProgram, RunSessionCommandTests.solution]

    /// What `run --json` made of a session: each attempt's markers, time and outcome, and the summary.
    struct Outcome {
        var markers: [[Int]]
        var seconds: [Double]
        var success: [Bool]
        var summary: [String: Any]
        var firstSuccessSeconds: Double?
    }

    /// Writes the lesson (seed 31, level 3) with `extra` options into a fresh folder; returns it and its truth.
    static func write(_ extra: [String], video: String? = nil) throws -> (folder: URL, truth: SessionTruthFile) {
        let folder = try CLIRunner.temporaryDirectory("cardbot-pace")
        var arguments = ["synth", "session", "--level", "3", "--program", programs[0], "--then", programs[1],
                         "--out", folder.path, "--seed", "31", "--size", "480x360", "--student", "Ada"]
        if let video { arguments += ["--video", folder.appendingPathComponent(video).path] }
        let output = try CLIRunner.run(arguments + extra)
        try #require(output.status == 0, "synth session failed: \(output.stderr)")
        return (folder, try SessionTruthFile.load(folder))
    }

    static func run(_ folder: URL, _ extra: [String] = []) throws -> Outcome {
        let output = try CLIRunner.run(["run", folder.path, "--json"] + extra)
        #expect(output.stderr.isEmpty, "\(output.stderr)")
        let objects = try RunSessionCommandTests.objects(output.stdout)
        let programs = objects.filter { $0["type"] as? String == "program" }
        let results = objects.filter { $0["type"] as? String == "result" }
        let summary = try #require(objects.last { $0["type"] as? String == "summary" })
        let first = summary["firstSuccess"] as? [String: Any]
        return Outcome(
            markers: programs.map { $0["markers"] as? [Int] ?? [] },
            seconds: programs.map { $0["seconds"] as? Double ?? -1 },
            success: results.map { $0["success"] as? Bool ?? false },
            summary: summary,
            firstSuccessSeconds: first?["seconds"] as? Double)
    }

    /// Each way a classroom records the lesson, and how far apart its read frames are (the most an attempt's time
    /// can lag the press): stills at 2 and 5 a second, videos at 24, 30 and 60 fps in MP4, MOV and MKV, and a
    /// phone's variable rate (read at run's default 5 frames a second).
    static let recordings: [(name: String, extra: [String], video: String?, spacing: Double)] = [
        ("stills at 2 fps", ["--fps", "2"], nil, 0.5),
        ("stills at 5 fps", ["--fps", "5"], nil, 0.2),
        ("MP4 at 24 fps", ["--video-fps", "24"], "lesson.mp4", 0.21),
        ("MOV at 30 fps", ["--video-fps", "30"], "lesson.mov", 0.21),
        ("MKV at 60 fps", ["--video-fps", "60"], "lesson.mkv", 0.21),
        ("MP4 at a variable rate", ["--variable-rate"], "phone.mp4", 0.3),
    ]

    @Test("stills at 2 and 5 fps and videos at 24, 30, 60 fps and a variable rate give the same attempts, programs and outcomes")
    func sameLessonAnyRate() throws {
        var outcomes: [(String, Outcome)] = []
        var truths: [SessionTruthFile] = []
        for recording in Self.recordings {
            let (folder, truth) = try Self.write(recording.extra, video: recording.video)
            defer { try? FileManager.default.removeItem(at: folder) }
            truths.append(truth)
            let outcome = try Self.run(folder)
            outcomes.append((recording.name, outcome))
            // Each recording is the truth: the programs the child ran, at the taps, the second one solving.
            #expect(outcome.markers == truth.programs, "\(recording.name)")
            #expect(outcome.success == [false, true], "\(recording.name)")
            #expect(outcome.summary["signal"] as? String == "go-taps", "\(recording.name)")
            #expect(outcome.summary["estimated"] as? Bool == false, "\(recording.name)")
            #expect(outcome.seconds.count == truth.presses.count, "\(recording.name)")
            for (found, press) in zip(outcome.seconds, truth.presses) {
                #expect(found >= press - 0.01 && found <= press + recording.spacing + 0.01,
                        "\(recording.name): attempt at \(found) s, press at \(press) s")
            }
        }
        // The lesson itself is the same whatever it was written as.
        #expect(Set(truths.map(\.presses)).count == 1)
        #expect(Set(truths.map(\.programs)).count == 1)
        #expect(truths.allSatisfy { $0.duration > 30 })
        // So the runs agree with each other: the same attempts, and the first success within a frame.
        let reference = try #require(outcomes.first?.1)
        for (name, outcome) in outcomes.dropFirst() {
            #expect(outcome.markers == reference.markers, "\(name)")
            #expect(outcome.success == reference.success, "\(name)")
            let first = try #require(outcome.firstSuccessSeconds, "\(name)")
            let expected = try #require(reference.firstSuccessSeconds)
            #expect(abs(first - expected) <= 0.5, "\(name): first success at \(first) s, \(expected) s at 2 fps")
        }
    }

    @Test("a double tap is one press, a hand over the whole row is no tap, a hand straightening a card adds nothing")
    func tapsAndHands() throws {
        let (folder, truth) = try Self.write(["--fps", "5", "--double-tap", "--row-sweep", "--hand-over-card"])
        defer { try? FileManager.default.removeItem(at: folder) }
        // The recording really has them: two taps for the first press, a span where the GO card and most of the
        // row are hidden together, and one where a single card of a finished program is.
        #expect(truth.taps.count == 3)
        #expect(truth.presses.count == 2)
        let finished = Set(truth.programs)
        #expect(truth.frames.contains { $0.goVisible == false && $0.visible.count * 2 < truth.programs[0].count })
        #expect(truth.frames.contains { frame in
            frame.goVisible == true && !finished.contains(frame.visible)
                && finished.contains { program in program.count == frame.visible.count + 1 }
        })
        let outcome = try Self.run(folder)
        #expect(outcome.markers == truth.programs)
        #expect(outcome.success == [false, true])
        let taps = try #require(outcome.summary["taps"] as? [[String: Any]])
        #expect(taps.count == 3)
        #expect(taps.map { $0["press"] as? Bool } == [true, false, true])
        let notes = try #require(outcome.summary["notes"] as? [String])
        #expect(notes.isEmpty, "\(notes)")
    }

    @Test("a hand left on the GO card is not a tap and says so; slow building with pauses makes no extra attempt")
    func handLeftOnGo() throws {
        let (folder, truth) = try Self.write(["--fps", "5", "--hand-left-on-go"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(truth.frames.last?.goVisible == false)
        #expect(truth.notes.count == 1)
        let outcome = try Self.run(folder)
        #expect(outcome.markers == truth.programs)
        let notes = try #require(outcome.summary["notes"] as? [String])
        #expect(notes.count == 1)
        #expect(notes.first?.contains("GO card") == true, "\(notes)")
        // The terminal report carries the note too.
        let human = try CLIRunner.run(["run", folder.path, "--quiet"])
        #expect(human.stdout.contains(notes[0]), "\(human.stdout)")
    }
}
