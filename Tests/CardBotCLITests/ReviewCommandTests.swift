import Foundation
import Testing

/// Never a confident wrong grade: lessons synthesized at a child's pace the way a classroom records them (a short
/// recording without a run signal, a dim room at 2 and 5 stills a second and as compressed video, a tap the camera
/// missed), run through `cardbot run` and `cardbot grade`: each grade is the truth's, or says it needs the
/// teacher's look and why; a correction answers its reason.
@Suite("cardbot run and grade: a grade is right or needs your look")
struct ReviewCommandTests {
    /// Writes a lesson of `programs` on level 3 with `extra` options into a fresh folder; returns it and its truth.
    static func write(
        _ programs: [String], seed: Int, _ extra: [String], video: String? = nil
    ) throws -> (folder: URL, truth: SessionTruthFile) {
        let folder = try CLIRunner.temporaryDirectory("cardbot-review")
        var arguments = ["synth", "session", "--level", "3", "--program", programs[0]]
        for program in programs.dropFirst() { arguments += ["--then", program] }
        arguments += ["--out", folder.path, "--seed", String(seed), "--size", "480x360", "--student", "Ada"]
        if let video { arguments += ["--video", folder.appendingPathComponent(video).path] }
        let output = try CLIRunner.run(arguments + extra)
        try #require(output.status == 0, "synth session failed: \(output.stderr)")
        return (folder, try SessionTruthFile.load(folder))
    }

    /// What `run --json` made of a session: each attempt's markers and signal, and the summary.
    struct Outcome {
        var markers: [[Int]]
        var signals: [String]
        var summary: [String: Any]

        var needsReview: Bool { summary["needsReview"] as? Bool ?? false }
        var reasons: [String] { (summary["reviewReasons"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String } }
    }

    static func run(_ folder: URL) throws -> Outcome {
        let output = try CLIRunner.run(["run", folder.path, "--json"])
        #expect(output.stderr.isEmpty, "\(output.stderr)")
        let objects = try RunSessionCommandTests.objects(output.stdout)
        let programs = objects.filter { $0["type"] as? String == "program" }
        return Outcome(
            markers: programs.map { $0["markers"] as? [Int] ?? [] },
            signals: programs.map { $0["signal"] as? String ?? "" },
            summary: try #require(objects.last { $0["type"] as? String == "summary" }))
    }

    @Test("a recording without a run signal that stops 2 s after the last card gives its final program as an attempt")
    func shortRecording() throws {
        let (folder, truth) = try Self.write([RunSessionCommandTests.firstProgram], seed: 41, ["--fps", "2", "--no-go-card"])
        defer { try? FileManager.default.removeItem(at: folder) }
        // The teacher stops recording 2 s (4 stills) after the last card is laid: the child never waited 8 s.
        let laid = try #require(truth.frames.firstIndex { $0.visible == truth.finalProgram })
        let files = truth.frames.compactMap(\.file)
        for file in files[(laid + 4)...] { try FileManager.default.removeItem(at: folder.appendingPathComponent(file)) }
        let outcome = try Self.run(folder)
        #expect(outcome.markers == [truth.finalProgram])
        #expect(outcome.signals == ["recording-end"])
        #expect(outcome.summary["signal"] as? String == "settled")
        #expect(outcome.summary["estimated"] as? Bool == true)
        // Estimated attempts are a doubt the teacher is told of, with the command that corrects them.
        #expect(outcome.needsReview)
        #expect(outcome.reasons == ["estimated"])
        let reason = try #require((outcome.summary["reviewReasons"] as? [[String: Any]])?.first)
        #expect((reason["fix"] as? String)?.contains("cardbot grade correct") == true)
        // The terminal says so in words.
        let text = try CLIRunner.run(["run", folder.path, "--quiet"])
        #expect(text.stdout.contains("Needs your look: the grade may be wrong."))
        #expect(text.stdout.contains("the attempts are estimated"))
        // A correction (the teacher confirms the attempt with its own cards) answers it.
        let corrected = try CLIRunner.run([
            "grade", "correct", folder.path, "--attempt", "1", "--program", RunSessionCommandTests.firstProgram, "--by", "Ms Berg",
        ])
        #expect(corrected.status == 0, "\(corrected.stderr)")
        let after = try Self.run(folder)
        #expect(after.markers == [truth.finalProgram])
        #expect(!after.needsReview)
        #expect(after.reasons.isEmpty)
    }

    @Test("a dim room at 2 and 5 stills a second and as compressed video: the truth's attempts, or needs your look with its reason")
    func dimRoom() throws {
        let programs = [RunSessionCommandTests.firstProgram, RunSessionCommandTests.solution]
        let recordings: [(name: String, extra: [String], video: String?)] = [
            ("stills at 2 fps", ["--fps", "2"], nil),
            ("stills at 5 fps", ["--fps", "5"], nil),
            ("MP4 at CRF 35", ["--video-fps", "15", "--crf", "35"], "lesson.mp4"),
        ]
        for recording in recordings {
            let (folder, truth) = try Self.write(programs, seed: 3, ["--difficulty", "dim"] + recording.extra, video: recording.video)
            defer { try? FileManager.default.removeItem(at: folder) }
            let outcome = try Self.run(folder)
            let exact = outcome.markers == truth.programs
            #expect(exact || outcome.needsReview, "\(recording.name): \(outcome.markers) silently, truth \(truth.programs)")
            if !exact { #expect(!outcome.reasons.isEmpty, "\(recording.name)") }
            // Stills half a second apart cannot see every tap, and say so; 5 a second and video can. `check` says
            // the same of the same frames.
            let sparse = recording.name == "stills at 2 fps"
            #expect(outcome.reasons.contains("sparse-frames") == sparse, "\(recording.name): \(outcome.reasons)")
            let check = try CLIRunner.run(["check", folder.path])
            let pace = check.stdout.split(separator: "\n").first { $0.contains("frame rate") }.map(String.init) ?? ""
            #expect(pace.contains(sparse ? "problem" : "ok"), "\(recording.name): \(check.stdout)")
        }
    }

    /// A lesson whose taps the camera never saw: every still showing the hand on the GO card is replaced by the
    /// still before it (as if each tap fell between two photos).
    static func missedTaps() throws -> (folder: URL, truth: SessionTruthFile) {
        let programs = [RunSessionCommandTests.firstProgram, RunSessionCommandTests.solution]
        let (folder, truth) = try Self.write(programs, seed: 5, ["--fps", "5"])
        let files = truth.frames.compactMap(\.file)
        for (index, frame) in truth.frames.enumerated() where index > 0 && frame.goVisible == false {
            let target = folder.appendingPathComponent(files[index])
            try FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: folder.appendingPathComponent(files[index - 1]), to: target)
        }
        return (folder, truth)
    }

    @Test("taps the camera missed are a doubt, not the child's fault; the teacher's added attempts answer it and the old story goes")
    func missedTapsCorrected() throws {
        let (folder, truth) = try Self.missedTaps()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try Self.run(folder)
        #expect(before.markers.isEmpty)
        #expect(before.needsReview)
        #expect(before.reasons.contains("untapped"))
        let notes = before.summary["notes"] as? [String] ?? []
        #expect(!notes.contains { $0.contains("never tapped") }, "\(notes)")
        for (press, program) in zip(truth.presses, [RunSessionCommandTests.firstProgram, RunSessionCommandTests.solution]) {
            let added = try CLIRunner.run([
                "grade", "correct", folder.path, "--add-attempt", String(format: "%.1f", press + 0.3), "--program", program,
                "--by", "Ms Berg",
            ])
            #expect(added.status == 0, "\(added.stderr)")
        }
        let after = try Self.run(folder)
        #expect(after.markers == truth.programs)
        #expect(!after.needsReview, "\(after.reasons)")
        let text = try CLIRunner.run(["run", folder.path, "--quiet"])
        #expect(text.stdout.contains("the teacher added the attempts"), "\(text.stdout)")
        #expect(!text.stdout.contains("never tapped"))
        #expect(!text.stdout.contains("Needs your look"))
    }
}
