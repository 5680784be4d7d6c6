import Foundation
import Testing

@Suite("cardbot validate, solve and levels")
struct ValidateCommandTests {
    @Test("the shipped Levels/ directory is valid")
    func shipped() throws {
        let output = try CLIRunner.run(["validate", "Levels"])
        #expect(output.status == 0)
        #expect(output.stderr.isEmpty)
        #expect(output.stdout.contains("Levels/01-first-steps.json: ok (level 1, fewest cards 3)"))
        #expect(output.stdout.contains(": all valid."))
    }

    @Test("problems are printed as FILE:LINE:COLUMN: error: message and exit 1")
    func problems() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("01-typo.json")
        try Data(
            """
            {
              "format": 1,
              "number": 1,
              "name": "Typo",
              "descripton": "d",
              "cards": {"0": "fowrard"},
              "tiles": ["#>?G#"]
            }

            """.utf8
        ).write(to: file)
        let output = try CLIRunner.run(["validate", dir.path])
        #expect(output.status == 1)
        let path = file.path
        #expect(output.stderr.contains("\(path):1:1: error: missing field 'description'"))
        #expect(output.stderr.contains("\(path):5:3: error: unknown field 'descripton'; did you mean 'description'?"))
        #expect(output.stderr.contains("\(path):6:18: error: unknown card 'fowrard'; did you mean 'forward'?"))
        #expect(output.stderr.contains("\(path):7:16: error: unknown tile '?' at (2, 0)"))
        #expect(output.stdout.contains("Checked 1 file: 4 errors, 0 warnings."))
    }

    @Test("--json prints one object per problem and file, then a summary")
    func json() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("bad.json")
        try Data("{\"format\": 1,}".utf8).write(to: file)
        let output = try CLIRunner.run(["validate", file.path, "--json"])
        #expect(output.status == 1)
        let objects = try output.stdout.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.count == 3)
        #expect(objects[0]["type"] as? String == "diagnostic")
        #expect(objects[0]["line"] as? Int == 1)
        #expect(objects[0]["column"] as? Int == 14)
        #expect(objects[0]["message"] as? String == "trailing comma before '}'")
        #expect(objects[1]["type"] as? String == "file")
        #expect(objects[2]["type"] as? String == "summary")
        #expect(objects[2]["valid"] as? Bool == false)
    }

    @Test("a huge map is refused with one clear message")
    func hugeMap() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rows = Array(repeating: "\"" + String(repeating: "#", count: 1000) + "\"", count: 1000).joined(separator: ",")
        let file = dir.appendingPathComponent("huge.json")
        try Data("{\"format\":1,\"number\":1,\"name\":\"n\",\"description\":\"d\",\"cards\":{\"0\":\"forward\"},\"tiles\":[\(rows)]}".utf8)
            .write(to: file)
        let output = try CLIRunner.run(["validate", file.path])
        #expect(output.status == 1)
        #expect(output.stderr.split(separator: "\n").count == 1)
        #expect(output.stderr.contains("at most 64x64 tiles are allowed"))
    }

    @Test("solve prints the fewest cards and whether that is proven")
    func solve() throws {
        let output = try CLIRunner.run(["solve", "10"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("Fewest cards: 5"))
        #expect(output.stdout.contains("  1  repeat-4\n  2    repeat-5\n  3      forward\n  4    end\n  5    right"))
        #expect(output.stdout.contains("Proven minimal: no program of 4 cards or fewer solves it."))

        let bounded = try CLIRunner.run(["solve", "Levels/03-left-and-right.json", "--max-cards", "5"])
        #expect(bounded.status == 1)
        #expect(bounded.stdout.contains("No program of at most 5 cards solves this level."))
    }

    @Test("levels lists the curriculum in unlock order with cards and fewest cards")
    func levels() throws {
        let output = try CLIRunner.run(["levels"])
        #expect(output.status == 0)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix(" #  Name") == true)
        #expect(lines.count >= 17)
        #expect(lines[1].hasPrefix(" 1  First steps"))
        #expect(lines[1].hasSuffix("  3"))
        #expect(lines.contains { $0.contains("Around the pond") && $0.contains("forward right repeat-4 repeat-5 end") })
    }
}
