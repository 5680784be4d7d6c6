import Foundation
import Testing

/// `cardbot run SESSION_DIR`: synthesized recorded sessions with known ground truth, run through the CLI.
@Suite("cardbot run on recorded sessions")
struct RunSessionCommandTests {
    static let firstProgram = "forward forward right forward"
    static let solution = "forward right forward forward left forward forward forward"

    /// A fresh synthesized session on level 3: a failing program, then the 8-card solution.
    static func makeSession(
        level: String = "3", programs: [String] = [firstProgram, solution], seed: Int = 11, extra: [String] = []
    ) throws -> URL {
        let folder = try CLIRunner.temporaryDirectory("cardbot-session")
        var arguments = ["synth", "session", "--level", level, "--program", programs[0]]
        for later in programs.dropFirst() { arguments += ["--then", later] }
        arguments += ["--out", folder.path, "--seed", String(seed), "--size", "480x360", "--student", "Ada"] + extra
        let output = try CLIRunner.run(arguments)
        #expect(output.status == 0, "synth session failed: \(output.stderr)")
        return folder
    }

    static func truth(_ folder: URL) throws -> SessionTruthFile { try SessionTruthFile.load(folder) }

    /// The JSON Lines objects of a run.
    static func objects(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    static func programs(_ objects: [[String: Any]]) -> [[Int]] {
        objects.filter { $0["type"] as? String == "program" }.map { ($0["markers"] as? [Int]) ?? [-1] }
    }

    @Test("every GO tap runs exactly the program the child laid, at the still that shows the tap")
    func attemptsMatchTruth() throws {
        let folder = try Self.makeSession()
        defer { try? FileManager.default.removeItem(at: folder) }
        let truth = try Self.truth(folder)
        // The child's pace: cards laid seconds apart, a GO card tapped for each run.
        #expect(truth.goCard == 18)
        #expect(truth.presses.count == 2)
        #expect(truth.duration > 30)
        let output = try CLIRunner.run(["run", folder.path, "--json"])
        #expect(output.status == 0)
        let objects = try Self.objects(output.stdout)
        #expect(Self.programs(objects) == truth.programs)
        let programObjects = objects.filter { $0["type"] as? String == "program" }
        #expect(programObjects.map { $0["signal"] as? String } == ["go-taps", "go-taps"])
        #expect(programObjects.map { $0["frame"] as? String } == truth.presses.map { truth.still(at: $0, fps: 2) })
        let results = objects.filter { $0["type"] as? String == "result" }
        #expect(results.map { $0["success"] as? Bool } == [false, true])
        #expect(results.map { $0["attempt"] as? Int } == [1, 2])
        #expect(objects.filter { $0["type"] as? String == "step" }.allSatisfy { $0["attempt"] != nil })
        let summary = try #require(objects.last)
        #expect(summary["type"] as? String == "summary")
        #expect(summary["attempts"] as? Int == 2)
        #expect(summary["solved"] as? Bool == true)
        #expect(summary["finalProgram"] as? [String] == Self.solution.split(separator: " ").map(String.init))
        #expect(summary["cards"] as? Int == 8)
        #expect(summary["optimal"] as? Int == 8)
        #expect(summary["frames"] as? Int == truth.frames.count)
        #expect(summary["unreadableFrames"] as? Int == 0)
        let first = try #require(summary["firstSuccess"] as? [String: Any])
        #expect(first["attempt"] as? Int == 2)
        #expect(first["frame"] as? String == truth.still(at: truth.presses[1], fps: 2))
        #expect(summary["signal"] as? String == "go-taps")
        #expect(summary["estimated"] as? Bool == false)
        let taps = try #require(summary["taps"] as? [[String: Any]])
        #expect(taps.count == truth.taps.count)
        for (tap, press) in zip(taps, truth.presses) {
            let seconds = try #require(tap["seconds"] as? Double)
            #expect(seconds >= press - 0.01 && seconds <= press + 0.5)
        }
    }

    @Test("without run marks or a GO card, each program that settles is an estimated attempt; pauses and hands add none")
    func stableProgramsWithoutRunMarks() throws {
        let folder = try Self.makeSession(extra: ["--no-go-card"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let truth = try Self.truth(folder)
        #expect(truth.goCard == nil)
        // The session really has frames where a hand hides cards of a finished program, and half-laid programs.
        let finished = Set(truth.programs)
        let covered = truth.frames.enumerated().filter { index, frame in
            index > 0 && !finished.contains(frame.visible) && finished.contains(truth.frames[index - 1].visible)
        }
        #expect(!covered.isEmpty)
        #expect(Set(truth.frames.map(\.visible)).count > 6)
        // No run marks and no GO card: each program that lies still for --settle-seconds (default 8) is an estimated
        // attempt; the child's thinking pauses between cards are shorter and make none.
        let output = try CLIRunner.run(["run", folder.path, "--json", "--quiet"])
        let summary = try #require(try Self.objects(output.stdout).last)
        #expect(summary["attempts"] as? Int == 2)
        #expect(summary["signal"] as? String == "settled")
        #expect(summary["estimated"] as? Bool == true)
        let full = try CLIRunner.run(["run", folder.path, "--json"])
        let objects = try Self.objects(full.stdout)
        #expect(Self.programs(objects) == truth.programs)
        // An estimated attempt is timed when its program has lain still long enough: after the child ran it.
        let seconds = objects.filter { $0["type"] as? String == "program" }.map { $0["seconds"] as? Double ?? -1 }
        for (found, press) in zip(seconds, truth.presses) { #expect(found > press - 3 && found < press + 12) }
        let human = try CLIRunner.run(["run", folder.path, "--quiet"])
        #expect(human.stdout.contains("Run signal:    estimated: no run signal in the recording"))
    }

    @Test("with run marks in session.json the marks are the attempts, whatever the GO card shows")
    func runMarksWin() throws {
        let folder = try Self.makeSession(extra: ["--run-marks"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let truth = try Self.truth(folder)
        let runs = try #require(truth.runs)
        let output = try CLIRunner.run(["run", folder.path, "--json"])
        #expect(output.status == 0)
        let objects = try Self.objects(output.stdout)
        #expect(Self.programs(objects) == truth.programs)
        let programObjects = objects.filter { $0["type"] as? String == "program" }
        #expect(programObjects.map { $0["frame"] as? String } == runs)
        #expect(programObjects.allSatisfy { $0["signal"] as? String == "run-marks" })
    }

    @Test("a program is accepted only once stable: with a stable time longer than the cards lie still, nothing is")
    func stabilityGate() throws {
        let folder = try Self.makeSession()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try CLIRunner.run(["run", folder.path, "--json", "--stable-seconds", "30", "--settle-seconds", "30"])
        let objects = try Self.objects(output.stdout)
        // Both taps fall on an empty table as far as the tracker knows: nothing runs, and the notes say so.
        #expect(Self.programs(objects) == [])
        let summary = try #require(objects.last)
        #expect(summary["attempts"] as? Int == 0)
        let notes = try #require(summary["notes"] as? [String])
        #expect(notes.count == 2)
        #expect(notes.allSatisfy { $0.contains("no cards on the table") })
        #expect(output.status == 1)
    }

    @Test("a corrupt frame in the middle is reported by name and skipped; the attempts stay right")
    func corruptFrame() throws {
        let folder = try Self.makeSession()
        defer { try? FileManager.default.removeItem(at: folder) }
        let truth = try Self.truth(folder)
        // A frame in the middle, away from a tap (a tap may show in one still only; that loss is another test's).
        let middle = try #require((truth.frames.count / 2..<truth.frames.count - 1).first { index in
            (index - 1...index + 1).allSatisfy { truth.frames[$0].goVisible == true }
        })
        let victim = try #require(truth.frames[middle].file)
        let path = folder.appendingPathComponent(victim)
        let bytes = try Data(contentsOf: path)
        try bytes.prefix(bytes.count / 3).write(to: path)
        let output = try CLIRunner.run(["run", folder.path, "--json"])
        #expect(output.status == 0)
        #expect(output.stderr.contains(victim))
        #expect(output.stderr.contains("truncated"))
        #expect(!output.stderr.contains("Fatal error"))
        let objects = try Self.objects(output.stdout)
        #expect(Self.programs(objects) == truth.programs)
        #expect(objects.last?["unreadableFrames"] as? Int == 1)
    }

    @Test("a card the level does not use makes that program not runnable, with the card named; the session goes on")
    func disallowedCard() throws {
        // Level 4 has the jump card; level 3 does not.
        let folder = try Self.makeSession(level: "4", programs: ["forward jump forward", "forward forward"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try CLIRunner.run(["run", folder.path, "--level", "3", "--json"])
        let objects = try Self.objects(output.stdout)
        let programs = objects.filter { $0["type"] as? String == "program" }
        #expect(programs.count == 2)
        #expect(programs.first?["runnable"] as? Bool == false)
        let message = programs.first?["error"] as? String ?? ""
        #expect(message.contains("the jump card"))
        #expect(message.contains("not used in this level"))
        #expect(programs.last?["runnable"] as? Bool == true)
        #expect(objects.last?["type"] as? String == "summary")
        let human = try CLIRunner.run(["run", folder.path, "--level", "3"])
        #expect(human.stdout.contains("This program cannot run: card 2: the jump card"))
    }

    @Test("a session.json whose frames lead outside the folder is refused", arguments: [
        #"{"level": 3, "frames": ["../elsewhere.jpg"]}"#, #"{"level": 3, "frames": ["/etc/hostname"]}"#,
    ])
    func outside(manifest: String) throws {
        let folder = try CLIRunner.temporaryDirectory("cardbot-outside")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data([0xFF, 0xD8, 0xFF]).write(to: folder.appendingPathComponent("a.jpg"))
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("session.json"))
        let output = try CLIRunner.run(["run", folder.path])
        #expect(output.status == 2)
        #expect(output.stderr.contains("session.json"))
        #expect(output.stderr.contains("outside the session folder") || output.stderr.contains("absolute path"))
        #expect(output.stdout.isEmpty)
    }

    @Test("an empty folder says what a session folder holds")
    func emptyFolder() throws {
        let folder = try CLIRunner.temporaryDirectory("cardbot-empty")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try CLIRunner.run(["run", "--level", "3", folder.path])
        #expect(output.status == 2)
        #expect(output.stderr == "cardbot: error: \(folder.path): no frames: a session folder holds camera frames (.png, .jpg or .jpeg) or one video\n")
    }

    @Test("single frames run too; the human report shows each attempt, its steps and the summary")
    func singleFramesAndHumanReport() throws {
        // A single frame named on the command line is a photo of the table: its program runs, with no settling.
        let folder = try Self.makeSession(extra: ["--no-go-card", "--run-marks"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let truth = try Self.truth(folder)
        let last = try #require(truth.frames.last?.file)
        let frame = folder.appendingPathComponent(last).path
        let output = try CLIRunner.run(["run", "--level", "3", frame])
        #expect(output.status == 0)
        #expect(output.stdout.contains("Attempt 1, the photo \(frame):"))
        #expect(output.stdout.contains("reached the goal"))
        #expect(output.stdout.contains("Final program: \(Self.solution)"))
        let quiet = try CLIRunner.run(["run", folder.path, "--quiet", "--stats"])
        #expect(!quiet.stdout.contains("Attempt 1"))
        #expect(quiet.stdout.contains("Attempts:      2"))
        let press = try #require(truth.still(at: truth.presses[1], fps: 2))
        #expect(quiet.stdout.contains("First success: attempt 2 at \(press)"))
        #expect(quiet.stderr.contains("frames/s"))
        #expect(quiet.stderr.contains("peak memory"))
    }

    @Test("synth session with a level file from elsewhere copies it into the session, which then runs as it is")
    func levelFileCopied() throws {
        let level = CLIRunner.packageRoot.appendingPathComponent("Levels/03-left-and-right.json").path
        let folder = try Self.makeSession(level: level, programs: [Self.solution])
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = try String(contentsOf: folder.appendingPathComponent("session.json"), encoding: .utf8)
        #expect(manifest.contains("\"level\": \"03-left-and-right.json\""), "\(manifest)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("03-left-and-right.json").path))
        let output = try CLIRunner.run(["run", folder.path, "--quiet"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Final program: \(Self.solution)"))
    }

    @Test("a session without a level, and a level that does not exist, are clear errors")
    func missingLevel() throws {
        let folder = try Self.makeSession()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"fps": 2}"#.utf8).write(to: folder.appendingPathComponent("session.json"))
        let none = try CLIRunner.run(["run", folder.path])
        #expect(none.status == 2)
        #expect(none.stderr.contains("no level"))
        let missing = try CLIRunner.run(["run", folder.path, "--level", "99"])
        #expect(missing.status == 2)
        // The level asked for is the problem, said as the level loader says it, not wrapped in the session's.
        #expect(missing.stderr.hasPrefix("cardbot: error: \(CLIRunner.packageRoot.path)/Levels: no level number 99 ("), "\(missing.stderr)")
    }

    @Test("a mistyped session folder is an error naming it, with the folder it was likely meant to be, even with --level")
    func mistypedFolder() throws {
        for arguments in [["run", "Examples/maya-levl-3"], ["run", "--level", "3", "Examples/maya-levl-3"]] {
            let output = try CLIRunner.run(arguments)
            #expect(output.status == 2)
            #expect(
                output.stderr
                    == "cardbot: error: Examples/maya-levl-3: no such session folder, video or frame file; did you mean Examples/maya-level-3?\n",
                "\(output.stderr)")
            #expect(output.stdout.isEmpty, "no empty session is run: \(output.stdout)")
        }
        let far = try CLIRunner.run(["run", "Examples/nothing-like-it"])
        #expect(far.stderr == "cardbot: error: Examples/nothing-like-it: no such session folder, video or frame file\n")
    }

    @Test("a file that is no frame, video or folder is named with what run takes, not run as an empty session")
    func notAFrame() throws {
        for arguments in [["run", "README.md"], ["run", "--level", "3", "README.md"]] {
            let output = try CLIRunner.run(arguments)
            #expect(output.status == 2)
            #expect(
                output.stderr == "cardbot: error: README.md: not a session folder, a video or a PNG or JPEG frame: give one of those\n",
                "\(output.stderr)")
            #expect(output.stdout.isEmpty)
        }
    }

    @Test("frames named one by one with no level: the error names the first frame and says to give --level")
    func loosePhotosWithoutLevel() throws {
        let output = try CLIRunner.run(["run", "Examples/maya-level-3/frame-0011.jpg", "Examples/maya-level-3/frame-0012.jpg"])
        #expect(output.status == 2)
        #expect(
            output.stderr
                == "cardbot: error: Examples/maya-level-3/frame-0011.jpg: no level: name one with --level (frame files named one by one have no session.json)\n",
            "\(output.stderr)")
    }
}

/// `run --json` says what each card of each attempt rests on.
@Suite struct RunEvidenceJSONTests {
    @Test("each program object carries, per card, its marker, meaning, confidence and corners in the attempt's frame")
    func evidenceInJSON() throws {
        let output = try CLIRunner.run(["run", "Examples/maya-level-3", "--json"])
        #expect(output.status == 0)
        let programs = try RunSessionCommandTests.objects(output.stdout).filter { $0["type"] as? String == "program" }
        #expect(programs.count == 2)
        for program in programs {
            let markers = try #require(program["markers"] as? [Int])
            let cards = try #require(program["cards"] as? [String])
            let evidence = try #require(program["evidence"] as? [[String: Any]])
            #expect(evidence.map { $0["marker"] as? Int } == markers)
            #expect(evidence.map { $0["card"] as? String } == cards)
            for reading in evidence {
                let corners = try #require(reading["corners"] as? [[Double]])
                #expect(corners.count == 4 && corners.allSatisfy { $0.count == 2 && (0..<640).contains($0[0]) && (0..<480).contains($0[1]) })
                let confidence = try #require(reading["confidence"] as? Double)
                #expect(confidence > 0 && confidence <= 1)
                #expect(reading["unsure"] as? Bool == (confidence < 0.75 || (reading["correctedCells"] as? Int ?? 0) > 0))
            }
        }
    }
}
