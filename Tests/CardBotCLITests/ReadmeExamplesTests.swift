import Foundation
import Testing

/// The README's examples are what CardBot does: every ```console block's `$ cardbot ...` command is run, as a
/// teacher would type it, in a fresh folder holding a copy of `Examples/`, and every line shown after it (but
/// `...`) must be among the lines it prints.
@Suite("README examples")
struct ReadmeExamplesTests {
    /// One command of a console block and the lines its output must hold.
    struct Example: CustomTestStringConvertible, Sendable {
        var line: Int
        var command: String
        var expected: [String]
        var testDescription: String { "README.md:\(line): $ \(command)" }
    }

    /// Every command of every ```console block of README.md.
    static let examples: [Example] = {
        let url = CLIRunner.packageRoot.appendingPathComponent("README.md")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var examples: [Example] = []
        var inConsole = false
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            let line = raw.replacingOccurrences(of: "\r", with: "")
            if line.hasPrefix("```") {
                inConsole = !inConsole && line.trimmingCharacters(in: .whitespaces) == "```console"
                continue
            }
            guard inConsole else { continue }
            if line.hasPrefix("$ ") {
                examples.append(Example(line: index + 1, command: String(line.dropFirst(2)), expected: []))
            } else if !examples.isEmpty, line.trimmingCharacters(in: .whitespaces) != "...",
                !line.trimmingCharacters(in: .whitespaces).isEmpty
            {
                examples[examples.count - 1].expected.append(trimmedEnd(line))
            }
        }
        return examples
    }()

    static func trimmedEnd(_ line: String) -> String {
        var line = Substring(line)
        while line.last == " " || line.last == "\t" { line = line.dropLast() }
        return String(line)
    }

    @Test("the README shows examples, and each is a cardbot command")
    func present() {
        #expect(Self.examples.count >= 6)
        #expect(Self.examples.allSatisfy { $0.command.hasPrefix("cardbot ") })
    }

    @Test("each example prints what the README shows", arguments: examples)
    func example(_ example: Example) throws {
        let folder = try CLIRunner.temporaryDirectory("cardbot-readme")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: CLIRunner.packageRoot.appendingPathComponent("Examples"), to: folder.appendingPathComponent("Examples"))
        // `cardbot` on PATH is the binary under test.
        let bin = folder.appendingPathComponent(".bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: bin.appendingPathComponent("cardbot").path, withDestinationPath: CLIRunner.binary)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let output = try CLIRunner.run(
            ["-c", example.command], in: folder, environment: ["PATH": path, "NO_COLOR": "1"], executable: "/bin/sh")
        let printed = Set((output.stdout + output.stderr).components(separatedBy: "\n").map(Self.trimmedEnd))
        for line in example.expected {
            #expect(printed.contains(line), "README.md:\(example.line): missing line: \(line)\n--- printed:\n\(output.stdout)\(output.stderr)")
        }
    }
}
