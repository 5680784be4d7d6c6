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
        _ programs: [String], seed: Int, _ extra: [String], video: String? = nil, size: String = "480x360"
    ) throws -> (folder: URL, truth: SessionTruthFile) {
        let folder = try CLIRunner.temporaryDirectory("cardbot-review")
        var arguments = ["synth", "session", "--level", "3", "--program", programs[0]]
        for program in programs.dropFirst() { arguments += ["--then", program] }
        arguments += ["--out", folder.path, "--seed", String(seed), "--size", size, "--student", "Ada"]
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

    /// A lesson whose first press is a hand left on the GO card for 3 s: the stills from the first covered one to
    /// 3 s later all show that covered still (the hand and the program unchanged), so no tap is seen there.
    static func restingHand() throws -> (folder: URL, truth: SessionTruthFile, press: Double) {
        let programs = [RunSessionCommandTests.firstProgram, RunSessionCommandTests.solution]
        let (folder, truth) = try Self.write(programs, seed: 7, ["--fps", "5"])
        let files = truth.frames.compactMap(\.file)
        let press = try #require(truth.presses.first)
        // Still i is taken at i / 5 s.
        let covered = try #require(truth.frames.indices.first { truth.frames[$0].goVisible == false && Double($0) / 5 >= press - 0.5 })
        let start = Double(covered) / 5
        for index in truth.frames.indices where index > covered && Double(index) / 5 < start + 3 {
            let target = folder.appendingPathComponent(files[index])
            try FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: folder.appendingPathComponent(files[covered]), to: target)
        }
        return (folder, truth, start)
    }

    @Test("an attempt the teacher adds where a hand rested on the GO card takes back the note that no tap was counted there")
    func restingHandCorrected() throws {
        let (folder, truth, press) = try Self.restingHand()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try Self.run(folder)
        let notes = before.summary["notes"] as? [String] ?? []
        #expect(notes.contains { $0.contains("not counted as a tap") }, "\(notes)")
        #expect(before.markers == Array(truth.programs.dropFirst()), "the resting hand's press is not an attempt")
        let added = try CLIRunner.run([
            "grade", "correct", folder.path, "--add-attempt", String(format: "%.1f", press + 0.5),
            "--program", RunSessionCommandTests.firstProgram, "--by", "Ms Berg",
        ])
        #expect(added.status == 0, "\(added.stderr)")
        let after = try Self.run(folder)
        #expect(after.markers == truth.programs)
        let left = after.summary["notes"] as? [String] ?? []
        #expect(!left.contains { $0.contains("not counted as a tap") }, "\(left)")
        #expect(left.contains { $0.contains("Ms Berg added an attempt CardBot missed") }, "\(left)")

        // The class report's JSON carries every attempt: time, program, each card's reading, the correction.
        let report = folder.deletingLastPathComponent().appendingPathComponent("\(folder.lastPathComponent).json")
        defer { try? FileManager.default.removeItem(at: report) }
        let graded = try CLIRunner.run(["grade", folder.path, "--out", report.path])
        #expect(graded.status == 0 || graded.status == 1, "\(graded.stderr)")
        let json = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        let session = try #require((json["sessions"] as? [[String: Any]])?.first)
        let history = try #require(session["history"] as? [[String: Any]])
        #expect(history.map { $0["number"] as? Int } == [1, 2])
        #expect(history.map { ($0["program"] as? [String])?.joined(separator: " ") }
            == [RunSessionCommandTests.firstProgram, RunSessionCommandTests.solution])
        let corrected = try #require(history.first?["corrected"] as? [String: Any])
        #expect(corrected["by"] as? String == "Ms Berg")
        #expect(corrected["added"] as? Bool == true)
        #expect((corrected["read"] as? [String])?.isEmpty == false, "an added attempt says what lay on the table then")
        #expect(history.last?["corrected"] is NSNull)
        let cards = try #require(history.last?["cards"] as? [Any])
        #expect(cards.count == 8, "one reading (or null) a card of the program")
        let readings = cards.compactMap { $0 as? [String: Any] }
        #expect(readings.count >= 6, "\(cards)")
        #expect(readings.allSatisfy { ($0["confidence"] as? Double ?? 0) > 0.5 && $0["marker"] is Int }, "\(readings)")
        #expect(abs((history.last?["seconds"] as? Double ?? 0) - (truth.presses.last ?? 0)) < 1.5)
    }

    @Test("a correction that answers no reason (the same cards, confirmed) changes nothing but the attempt's correction")
    func correctionAnsweringNothing() throws {
        let programs = [RunSessionCommandTests.firstProgram, RunSessionCommandTests.solution]
        let (folder, truth) = try Self.write(programs, seed: 11, ["--fps", "5"], size: "640x480")
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try Self.run(folder)
        #expect(before.markers == truth.programs)
        #expect(!before.needsReview, "\(before.reasons)")
        let confirmed = try CLIRunner.run([
            "grade", "correct", folder.path, "--attempt", "2", "--program", RunSessionCommandTests.solution, "--by", "Ms Berg",
        ])
        #expect(confirmed.status == 0, "\(confirmed.stderr)")
        let after = try Self.run(folder)
        #expect(after.markers == before.markers)
        #expect(after.signals == before.signals)
        for key in ["attempts", "signal", "solved", "cards", "needsReview", "frames", "unreadableFrames", "finalProgram"] {
            #expect("\(after.summary[key] ?? "nil")" == "\(before.summary[key] ?? "nil")", "\(key)")
        }
        let first = try #require(before.summary["firstSuccess"] as? [String: Any])
        let firstAfter = try #require(after.summary["firstSuccess"] as? [String: Any])
        #expect(firstAfter["attempt"] as? Int == first["attempt"] as? Int)
        #expect(firstAfter["frame"] as? String == first["frame"] as? String)
        #expect(after.summary["notes"] as? [String] == before.summary["notes"] as? [String])
    }

    @Test("a recording of one frame is a photo of the table, not a session: its program runs and nothing asks for a look")
    func oneFrame() throws {
        let (folder, truth) = try Self.write([RunSessionCommandTests.solution], seed: 3, ["--no-go-card"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let last = try #require(truth.frames.last?.file)
        let output = try CLIRunner.run(["run", "--level", "3", "--json", folder.appendingPathComponent(last).path])
        #expect(output.status == 0, "\(output.stderr)")
        let objects = try RunSessionCommandTests.objects(output.stdout)
        #expect(RunSessionCommandTests.programs(objects) == truth.programs)
        let summary = try #require(objects.last)
        #expect(summary["signal"] as? String == "photos")
        #expect(summary["needsReview"] as? Bool == false, "\(summary["reviewReasons"] ?? "")")
    }
}
