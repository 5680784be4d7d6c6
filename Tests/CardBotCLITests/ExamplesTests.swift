import Foundation
import Testing

/// The bundled example sessions (what `make demo` runs) replay exactly their ground truth.
@Suite("Examples/")
struct ExamplesTests {
    static let sessions: [String] = {
        let folder = CLIRunner.packageRoot.appendingPathComponent("Examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }()

    @Test("there are at least two bundled sessions")
    func bundled() {
        #expect(Self.sessions.count >= 2)
    }

    @Test("each bundled session's attempts and final program are its ground truth", arguments: sessions)
    func replay(name: String) throws {
        let folder = CLIRunner.packageRoot.appendingPathComponent("Examples").appendingPathComponent(name)
        let truth = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("truth.json")))
                as? [String: Any])
        let output = try CLIRunner.run(["run", folder.path, "--json"])
        #expect(output.stderr.isEmpty)
        let objects = try output.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let programs = objects.filter { $0["type"] as? String == "program" }
        #expect(programs.map { $0["markers"] as? [Int] ?? [] } == truth["attempts"] as? [[Int]])
        #expect(programs.map { $0["frame"] as? String ?? "" } == truth["runs"] as? [String])
        let summary = try #require(objects.last)
        #expect(summary["type"] as? String == "summary")
        #expect(summary["unreadableFrames"] as? Int == 0)
        #expect(summary["solved"] as? Bool == (output.status == 0))
    }
}
