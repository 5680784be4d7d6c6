import CardBotImaging
import Foundation
import Testing

/// Printed matter through cairo and Pango: real text in any script, right to left where the script runs so,
/// and pages that look like the committed golden pictures.
@Suite("cardbot cards print and levels print")
struct PrintCommandTests {
    /// Card titles in four scripts, for the default deck's first four markers.
    static let titles: [(language: String, titles: [String])] = [
        ("da", ["Gå frem", "Drej til venstre", "Drej til højre", "Hop"]),
        ("el", ["Μπροστά", "Στρίψε αριστερά", "Στρίψε δεξιά", "Άλμα"]),
        ("ar", ["إلى الأمام", "انعطف يسارا", "انعطف يمينا", "اقفز"]),
        ("zh", ["前进", "左转", "右转", "跳"]),
    ]

    /// A deck of the default deck's first four markers titled `titles`, written into `folder`.
    static func deck(_ titles: [String], descriptions: [String] = [], in folder: URL) throws -> URL {
        let names = ["forward", "left", "right", "jump"]
        let cards = names.indices.map { index -> [String: Any] in
            [
                "marker": index, "name": names[index], "title": titles[index],
                "description": index < descriptions.count ? descriptions[index] : "",
                "image": CLIRunner.packageRoot.appendingPathComponent("Cards/markers/\(index)-\(names[index]).png").path,
            ]
        }
        let url = folder.appendingPathComponent("deck.json")
        let data = try JSONSerialization.data(withJSONObject: ["format": "cardbot-deck/1", "name": "Test deck", "cards": cards])
        try data.write(to: url)
        return url
    }

    /// Runs a tool (pdftotext) and returns its standard output.
    static func tool(_ name: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// pdftotext's lines without the bidirectional embedding marks it puts around right-to-left text.
    static func pdfLines(_ pdf: URL) throws -> Set<String> {
        let text = try tool("pdftotext", [pdf.path, "-"])
        let marks: Set<Unicode.Scalar> = ["\u{202A}", "\u{202B}", "\u{202C}", "\u{200E}", "\u{200F}"]
        return Set(text.split(separator: "\n").map { line in
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: line.unicodeScalars.filter { !marks.contains($0) })
            return String(scalars).trimmingCharacters(in: .whitespaces)
        })
    }

    @Test("the PDF's text is real text: pdftotext gives back every title in Danish, Greek, Arabic and Chinese", arguments: titles)
    func titlesAreText(language: String, titles: [String]) throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let deck = try Self.deck(titles, in: folder)
        let pdf = folder.appendingPathComponent("cards.pdf")
        let output = try CLIRunner.run(["cards", "print", "--deck", deck.path, "--out", pdf.path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.isEmpty, "cairo, Pango and fontconfig print nothing: \(output.stderr)")
        let lines = try Self.pdfLines(pdf)
        for title in titles where language != "ar" || !title.contains("لأ") {
            #expect(lines.contains(title), "\(language): '\(title)' not in \(lines.sorted())")
        }
        if language == "ar" {
            // poppler writes the lam-alef ligature's two letters in visual order, so that title reads back with
            // them swapped; its other letters come back in order.
            #expect(lines.contains("إلى األمام"))
        }
    }

    @Test("Arabic is laid out right to left: the first word of a title stands to the right of the second")
    func rightToLeft() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let deck = try Self.deck(Self.titles[2].titles, in: folder)
        let pdf = folder.appendingPathComponent("cards.pdf")
        #expect(try CLIRunner.run(["cards", "print", "--deck", deck.path, "--out", pdf.path, "--only", "left"]).status == 0)
        // pdftotext gives each Arabic glyph its own box: ف ends the first word, س starts the second, and each
        // occurs once in the title.
        let boxes = try Self.tool("pdftotext", ["-bbox", pdf.path, "-"])
        func left(of glyph: String) -> Double? {
            guard let line = boxes.split(separator: "\n").first(where: { $0.hasSuffix(">\(glyph)</word>") }),
                let range = line.range(of: #"xMin="[0-9.]+""#, options: .regularExpression)
            else { return nil }
            return Double(line[range].dropFirst(6).dropLast())
        }
        let endOfFirst = try #require(left(of: "ف"))
        let startOfSecond = try #require(left(of: "س"))
        #expect(endOfFirst > startOfSecond)
    }

    @Test("a card shows its description; --language picks the deck's Danish texts")
    func descriptionAndLanguage() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("cards.pdf")
        let output = try CLIRunner.run(["cards", "print", "--out", pdf.path, "--only", "forward,jump", "--language", "da"])
        #expect(output.status == 0)
        #expect(output.stdout == "\(pdf.path): 2 kort på 1 A4-ark (9 pr. ark, 60 x 82,5 mm, 300 dpi)\n")
        let text = try Self.tool("pdftotext", [pdf.path, "-"])
        #expect(text.contains("Frem"))
        #expect(text.contains("Robotten går ét felt frem."))
        #expect(text.contains("Hop"))
        #expect(text.contains("ark 1 af 1 - klip langs de grå linjer"))
        let english = folder.appendingPathComponent("english.pdf")
        #expect(try CLIRunner.run(["cards", "print", "--out", english.path, "--only", "forward"]).status == 0)
        #expect(try Self.tool("pdftotext", [english.path, "-"]).contains("The robot walks one tile forward."))
    }

    @Test("levels print: one page per level with the name, description, hint, cards and card limit")
    func worksheets() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("worksheets.pdf")
        let output = try CLIRunner.run(["levels", "print", "4", "7", "--out", pdf.path])
        #expect(output.status == 0)
        #expect(output.stderr.isEmpty)
        #expect(output.stdout == "\(pdf.path): 2 levels, one A4 page each\n")
        let info = try Self.tool("pdfinfo", [pdf.path])
        #expect(info.contains("Pages:           2"))
        #expect(info.contains("595.276 x 841.89 pts (A4)"))
        let text = try Self.tool("pdftotext", ["-f", "2", "-l", "2", pdf.path, "-"])
        for expected in [
            "Level 7", "Gems by the river", "Two gems lie by the river. Collect both, then reach the goal.",
            "Hint: You can jump over the water, but never land in it.", "Cards you can use", "Forward", "Jump",
            "Use at most 6 cards.",
        ] {
            #expect(text.contains(expected), "\(expected)")
        }
        let danish = folder.appendingPathComponent("da.pdf")
        #expect(try CLIRunner.run(["levels", "print", "4", "--out", danish.path, "--language", "da", "--paper", "letter"]).status == 0)
        let danishText = try Self.tool("pdftotext", [danish.path, "-"])
        for expected in ["Bane 4", "Hop over vandet", "Tip: Hop, når vandet er lige foran robotten.", "Kort du kan bruge", "Frem", "Hop"] {
            #expect(danishText.contains(expected), "\(expected)")
        }
        #expect(try Self.tool("pdfinfo", [danish.path]).contains("612 x 792 pts (letter)"))
    }

    @Test("a NUL in a level's name or a card's title is refused at load time, naming the file, place and character")
    func controlCharacterRefused() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let level = folder.appendingPathComponent("nul.json")
        let source = try String(
            contentsOf: CLIRunner.packageRoot.appendingPathComponent("Levels/06-first-gem.json"), encoding: .utf8)
        try source.replacingOccurrences(of: "\"The shiny gem\"", with: #""The shiny\u0000 gem""#)
            .write(to: level, atomically: true, encoding: .utf8)
        let pdf = folder.appendingPathComponent("out.pdf")
        let printed = try CLIRunner.run(["levels", "print", level.path, "--out", pdf.path])
        #expect(printed.status == 2)
        #expect(
            printed.stderr.contains(
                "\(level.path):6:11: error: 'name.en' holds the control character U+0000 (character 10); delete it"),
            "\(printed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: pdf.path))
        let deck = try Self.deck(["Forward", "Turn\u{0}left", "Turn right", "Jump"], in: folder)
        let cards = try CLIRunner.run(["cards", "print", "--deck", deck.path, "--out", pdf.path])
        #expect(cards.status != 0)
        #expect(
            cards.stderr.contains("cards[1].title holds the control character U+0000 (character 5)"), "\(cards.stderr)")
    }

    @Test("a deck of hostile titles prints: 1000 letters without a space, a hundred lines, a letter under 400 accents")
    func hostileDeckPrints() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let titles = [
            String(repeating: "W", count: 1000), (1...100).map { "line \($0)" }.joined(separator: "\n"),
            "a" + String(repeating: "\u{301}", count: 400), String(repeating: "Turn left ", count: 100),
        ]
        let deck = try Self.deck(titles, descriptions: titles.reversed(), in: folder)
        let pdf = folder.appendingPathComponent("cards.pdf")
        let output = try CLIRunner.run(["cards", "print", "--deck", deck.path, "--out", pdf.path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.isEmpty)
        // The text stays real text (where "…" stands for the rest of a title, the PDF maps it to that rest).
        #expect(try Self.tool("pdftotext", [pdf.path, "-"]).contains("line 1"))
        let png = folder.appendingPathComponent("cards.png")
        let pictures = try CLIRunner.run(["cards", "print", "--deck", deck.path, "--out", png.path, "--dpi", "72"])
        #expect(pictures.status == 0, "\(pictures.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("cards-1.png").path))
    }

    @Test("a sheet and a worksheet look like the committed golden pictures", arguments: [
        (["cards", "print", "--only", "forward,repeat-3,if-path-left,end", "--dpi", "72"], "cards-golden-1.png", "cards-golden.png"),
        (["levels", "print", "7", "--dpi", "72"], "worksheet-golden.png", "worksheet-golden.png"),
    ])
    func golden(arguments: [String], written: String, golden: String) throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent(golden)
        let output = try CLIRunner.run(arguments + ["--out", out.path])
        #expect(output.status == 0, "\(output.stderr)")
        let made = try ImageReader.decodeRGB(Array(try Data(contentsOf: folder.appendingPathComponent(written))))
        let goldenURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(golden)")
        let expected = try ImageReader.decodeRGB(Array(try Data(contentsOf: goldenURL)))
        #expect(made.width == expected.width && made.height == expected.height)
        guard made.width == expected.width, made.height == expected.height else { return }
        // Fonts may hint or anti-alias a little differently from machine to machine: a few pixels may differ
        // a lot, and the page on the whole hardly.
        var far = 0
        var total = 0
        for index in made.pixels.indices {
            let difference = abs(Int(made.pixels[index]) - Int(expected.pixels[index]))
            total += difference
            if difference > 96 { far += 1 }
        }
        let mean = Double(total) / Double(made.pixels.count)
        #expect(Double(far) / Double(made.pixels.count) < 0.01, "\(far) of \(made.pixels.count) channels differ by more than 96")
        #expect(mean < 3, "mean difference \(mean)")
    }
}

/// Long prints show a progress bar on a terminal, and nothing otherwise.
@Suite struct PrintProgressTests {
    /// Runs `cardbot arguments` in a pseudo-terminal (util-linux `script`) and returns all it wrote there.
    static func onTerminal(_ arguments: [String], environment: [String: String] = [:]) throws -> String {
        let command = ([CLIRunner.binary] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        return try CLIRunner.run(
            ["-qefc", command.joined(separator: " "), "/dev/null"], environment: ["TERM": "xterm"].merging(environment) { $1 },
            executable: "/usr/bin/script"
        ).stdout
    }

    @Test("levels print to PNG shows pages done of 20 on a terminal and clears the bar; piped, only the summary")
    func levelsPrintProgress() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let shown = try Self.onTerminal(["levels", "print", "--out", folder.appendingPathComponent("w.png").path, "--dpi", "72"])
        #expect(shown.contains("/20 pages"), "\(shown)")
        #expect(shown.contains("\r\u{1B}[K"))
        #expect(shown.contains("20 levels, one A4 page each"))
        let danish = try Self.onTerminal(
            ["levels", "print", "--out", folder.appendingPathComponent("d.png").path, "--dpi", "72", "--language", "da"])
        #expect(danish.contains("/20 sider"), "\(danish)")
        let piped = try CLIRunner.run(["levels", "print", "--out", folder.appendingPathComponent("p.png").path, "--dpi", "72"])
        #expect(piped.status == 0)
        #expect(piped.stderr.isEmpty)
    }
}
