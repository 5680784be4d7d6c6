import CardBotImaging
import Foundation
import Testing

@Suite("cardbot cards: list, show, print")
struct CardsCommandTests {
    @Test("cards lists every card with its id, name, title, description and the levels that use it")
    func list() throws {
        let output = try CLIRunner.run(["cards"])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n").map(String.init)
        // The deck of the checkout the binary was built in, by its full path.
        let deck = CLIRunner.packageRoot.path + "/Cards/deck.json"
        #expect(lines[0].hasPrefix("CardBot default deck (\(deck)): 19 cards, 4x4 code markers"))
        // The GO card is in the deck but no level's program uses it.
        #expect(lines.contains { $0.hasPrefix("  18  go ") && $0.hasSuffix("  -") })
        #expect(lines.contains { $0.hasPrefix("   0  forward") && $0.hasSuffix("  1-20") })
        #expect(lines.contains("      The robot walks one tile forward."))
        #expect(lines.contains { $0.hasPrefix("  13  end ") })
        // The same through the list subcommand, with no levels folder: no levels column.
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let elsewhere = try CLIRunner.run(["cards", "list", "--deck", CLIRunner.packageRoot.path + "/Cards/deck.json"], in: folder)
        #expect(elsewhere.status == 0)
        #expect(!elsewhere.stdout.contains("LEVELS"))
    }

    @Test("cards --json prints one object per card with its levels")
    func json() throws {
        let output = try CLIRunner.run(["cards", "--json"])
        #expect(output.status == 0)
        let objects = DetectCommandTests.lines(output.stdout)
        #expect(objects.count == 19)
        let go = try #require(objects.first { $0["name"] as? String == "go" })
        #expect(go["marker"] as? Int == 18)
        #expect(go["levels"] as? [Int] == [])
        #expect(Set(objects[0].keys) == ["marker", "name", "title", "description", "kind", "image", "levels"])
        #expect(objects[0]["name"] as? String == "forward")
        #expect(objects[0]["levels"] as? [Int] == Array(1...20))
        #expect(objects[3]["kind"] as? String == "code")
    }

    @Test("cards show draws the marker in the terminal; an unknown card is an error naming the deck's cards")
    func show() throws {
        let output = try CLIRunner.run(["cards", "show", "forward"])
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("forward (marker 0): Forward\nThe robot walks one tile forward.\n"))
        #expect(output.stdout.contains("Marker: 4x4 cells, 1011010100110010"))
        #expect(output.stdout.contains("Levels: 1-20"))
        #expect(output.stdout.contains("  ████████████  \n  ██  ██    ██  \n"))
        let byId = try CLIRunner.run(["cards", "show", "13"])
        #expect(byId.stdout.hasPrefix("end (marker 13): End"))
        let missing = try CLIRunner.run(["cards", "show", "fly"])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix(
            "cardbot: error: \(CLIRunner.packageRoot.path)/Cards/deck.json: no card named 'fly'; the deck's cards are: forward, left"))
    }

    @Test("cards print writes one 300 dpi PNG per sheet, or a PDF with one page per sheet")
    func printSheets() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("cards.png").path
        let output = try CLIRunner.run(["cards", "print", "--out", png])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("19 cards on 3 A4 sheets (9 a sheet, 60 x 82.5 mm, 300 dpi)"))
        var reader = ImageReader()
        let first = try reader.readRGB(folder.appendingPathComponent("cards-1.png").path)
        #expect(first.width == 2480 && first.height == 3508)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("cards-3.png").path))

        let pdf = folder.appendingPathComponent("some.pdf").path
        let letter = try CLIRunner.run(
            ["cards", "print", "--out", pdf, "--paper", "letter", "--card-size", "9cm", "--only", "forward,left,right,jump,end"])
        #expect(letter.status == 0, "\(letter.stderr)")
        #expect(letter.stdout.contains("5 cards on 2 Letter sheets (4 a sheet, 90 x 123.8 mm, 300 dpi)"))
        let info = try PrintCommandTests.tool("pdfinfo", [pdf])
        #expect(info.contains("Pages:           2"))
        #expect(info.contains("612 x 792 pts (letter)"))
        #expect(try PrintCommandTests.tool("pdftotext", [pdf, "-"]).contains("Turn left"))
    }

    @Test("cards print --only with an unknown card is an error")
    func printUnknown() throws {
        let output = try CLIRunner.run(["cards", "print", "--out", "/tmp/never.pdf", "--only", "forward,zz"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("no card named 'zz'"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never.pdf"))
    }
}
