import Foundation
import Testing

@Suite("cardbot root command")
struct RootCommandTests {
    @Test("--version prints the version and exits 0")
    func version() throws {
        let output = try CLIRunner.run(["--version"])
        #expect(output.status == 0)
        #expect(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
    }

    @Test("--help names the tool and exits 0")
    func help() throws {
        let output = try CLIRunner.run(["--help"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("USAGE: cardbot"))
        #expect(output.stderr.isEmpty)
    }
}
