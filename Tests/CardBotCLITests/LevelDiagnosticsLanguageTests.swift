import Foundation
import Testing

/// What is wrong with a level file is told in the reader's language, each problem at its FILE:LINE:COLUMN, while
/// `validate --json` keeps the English messages and English output stays as it was.
@Suite("level file diagnostics in the reader's language")
struct LevelDiagnosticsLanguageTests {
    /// The diagnostics of the broken folder, after `FOLDER/`, in English.
    static let english = [
        "01-typo.json:1:1: error: missing field 'name' (a short title)",
        "01-typo.json:4:3: error: unknown field 'nmae'; did you mean 'name'?",
        "02-tiles.json:7:16: error: unknown tile '?' at (2, 0) (row 0, column 2); use # wall, . floor, ~ water, * gem, G goal, ^ > v < start",
        "02-tiles.json:7:20: error: row 1 has 2 tiles but row 0 has 3; every row must have the same length",
        "03-wall.json:7:16: error: the goal at (2, 0) cannot be reached by any program with this level's cards (using forward, left)",
        "04-wrong-number.json:3:13: warning: the file name says level 4 but 'number' is 5; rename the file or fix the number",
        "04-wrong-number.json:6:14: error: the levels unlock each other in a cycle: 5 -> 6 -> 5; the last level of a chain unlocks nothing",
    ]

    /// The same diagnostics in Danish.
    static let danish = [
        "01-typo.json:1:1: error: nøglen 'name' mangler (en kort titel)",
        "01-typo.json:4:3: error: ukendt nøgle 'nmae'; mente du 'name'?",
        "02-tiles.json:7:16: error: ukendt felt '?' ved (2, 0) (række 0, kolonne 2); brug # mur, . gulv, ~ vand, * diamant, G mål, ^ > v < start",
        "02-tiles.json:7:20: error: række 1 har 2 felter, men række 0 har 3; alle rækker skal være lige lange",
        "03-wall.json:7:16: error: målet ved (2, 0) kan ikke nås af noget program med banens kort (med frem, venstre)",
        "04-wrong-number.json:3:13: warning: filnavnet siger bane 4, men 'number' er 5; omdøb filen eller ret nummeret",
        "04-wrong-number.json:6:14: error: banerne låser hinanden op i ring: 5 -> 6 -> 5; den sidste bane i en kæde låser ingen op",
    ]

    @Test("validate --language da tells every problem in Danish at its place")
    func danishValidate() throws {
        let folder = try BrokenLevelFolder.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try CLIRunner.run(["validate", folder.path, "--language", "da"])
        #expect(output.status == 1)
        #expect(output.stderr == Self.danish.map { folder.path + "/" + $0 + "\n" }.joined())
        #expect(output.stdout.hasSuffix("Tjekkede 5 filer: 6 fejl, 1 advarsel.\n"))
    }

    @Test("English validate output is as it was")
    func englishValidate() throws {
        let folder = try BrokenLevelFolder.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try CLIRunner.run(["validate", folder.path])
        #expect(output.status == 1)
        #expect(output.stderr == Self.english.map { folder.path + "/" + $0 + "\n" }.joined())
        #expect(output.stdout.hasSuffix("Checked 5 files: 6 errors, 1 warning.\n"))
    }

    @Test("validate --json keeps English messages in every language")
    func jsonStaysEnglish() throws {
        let folder = try BrokenLevelFolder.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let english = try CLIRunner.run(["validate", folder.path, "--json"])
        let danish = try CLIRunner.run(["validate", folder.path, "--json", "--language", "da"])
        #expect(english.status == 1 && danish.status == 1)
        #expect(danish.stdout == english.stdout)
        #expect(english.stdout.contains(#""message":"unknown field 'nmae'; did you mean 'name'?"}"#))
        #expect(english.stdout.contains(#""line":6,"column":14,"severity":"error","message":"the levels unlock each other"#))
    }

    @Test("a broken level given to run is refused in Danish")
    func danishRun() throws {
        let folder = try BrokenLevelFolder.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("02-tiles.json").path
        let output = try CLIRunner.run(["run", "--level", file, "--program", "forward", "--language", "da"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("\(folder.path)/" + Self.danish[2]))
        #expect(output.stderr.contains("\(folder.path)/" + Self.danish[3]))
        let nope = folder.appendingPathComponent("nope.json").path
        let missing = try CLIRunner.run(["run", "--level", nope, "--program", "forward", "--language", "da"])
        #expect(missing.stderr.contains("nope.json: filen findes ikke"))
    }
}
