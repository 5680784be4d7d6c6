import Foundation
import Testing

/// The bundled example sessions (what `make demo` runs) replay exactly their ground truth.
@Suite("Examples/")
struct ExamplesTests {
    static let sessions: [String] = {
        let folder = CLIRunner.packageRoot.appendingPathComponent("Examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        // The session folders (class.json beside them is the class's identity, not a session).
        return names.filter { name in
            var isFolder: ObjCBool = false
            return !name.hasPrefix(".") && FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder)
                && isFolder.boolValue
        }.sorted()
    }()

    @Test("there are at least two bundled sessions")
    func bundled() {
        #expect(Self.sessions.count >= 2)
    }

    @Test("each bundled session's attempts and final program are its ground truth", arguments: sessions)
    func replay(name: String) throws {
        let folder = CLIRunner.packageRoot.appendingPathComponent("Examples").appendingPathComponent(name)
        let truth = try SessionTruthFile.load(folder)
        let output = try CLIRunner.run(["run", folder.path, "--json"])
        #expect(output.stderr.isEmpty)
        let objects = try output.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let programs = objects.filter { $0["type"] as? String == "program" }
        #expect(programs.map { $0["markers"] as? [Int] ?? [] } == truth.programs)
        if let runs = truth.runs {
            // Run marks: each attempt at its marked frame.
            #expect(programs.map { $0["frame"] as? String ?? "" } == runs)
        } else {
            // GO taps: each attempt when the child's hand is first seen on the GO card.
            #expect(truth.goCard != nil)
            #expect(programs.allSatisfy { $0["signal"] as? String == "go-taps" })
            let seconds = programs.map { $0["seconds"] as? Double ?? -1 }
            #expect(seconds.count == truth.presses.count)
            for (found, press) in zip(seconds, truth.presses) { #expect(found >= press - 0.01 && found <= press + 0.25) }
        }
        let summary = try #require(objects.last)
        #expect(summary["type"] as? String == "summary")
        #expect(summary["unreadableFrames"] as? Int == 0)
        #expect(summary["solved"] as? Bool == (output.status == 0))
    }

    @Test("one bundled session is a phone video with GO taps at a child's pace")
    func phoneVideo() throws {
        let examples = CLIRunner.packageRoot.appendingPathComponent("Examples")
        let videos = try Self.sessions.filter { name in
            try FileManager.default.contentsOfDirectory(atPath: examples.appendingPathComponent(name).path)
                .contains { $0.hasSuffix(".mp4") }
        }
        let name = try #require(videos.first)
        let truth = try SessionTruthFile.load(examples.appendingPathComponent(name))
        #expect(truth.goCard == 18)
        #expect(truth.runs == nil && truth.runSeconds == nil)
        #expect(truth.presses.count >= 2)
        #expect(truth.duration >= 30)
    }
}
