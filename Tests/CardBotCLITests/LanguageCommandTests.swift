import Foundation
import Testing

/// Messages in the language asked for (`--language`, else the locale environment); machine formats never change.
@Suite("languages")
struct LanguageCommandTests {
    @Test("run --language da prints the whole trace in Danish, the level's texts included")
    func danishTrace() throws {
        let output = try CLIRunner.run(["run", "--level", "7", "--program", "forward forward jump forward forward", "--language", "da"])
        #expect(output.status == 0)
        #expect(output.stderr.isEmpty)
        #expect(
            output.stdout == """
                Bane 7: Diamanter ved åen
                Program (5 kort):
                  1  frem
                  2  frem
                  3  hop
                  4  frem
                  5  frem

                 1. frem     (kort 1)  gik til det tredje felt i anden række
                 2. frem     (kort 2)  gik til det fjerde felt i anden række, tog en diamant (1 af 2)
                 3. hop      (kort 3)  hoppede til det sjette felt i anden række, tog en diamant (2 af 2)
                 4. frem     (kort 4)  gik til målet!

                Flot! Robotten tog alle 2 diamanter og nåede målet på 4 skridt.
                Den brugte 5 kort; det kan gøres med 3.

                """)
        let failed = try CLIRunner.run(["run", "--level", "4", "--program", "forward forward", "--language", "da"])
        #expect(failed.status == 1)
        #expect(failed.stdout.hasSuffix("""
             2. frem     (kort 2)  faldt i vandet på det fjerde felt i anden række

            Robotten faldt i vandet på det fjerde felt i anden række.
            Tip: Hop, når vandet er lige foran robotten.

            """))
    }

    @Test("a typed program may use the cards' Danish keywords, and mix them with the English names and marker ids")
    func danishKeywords() throws {
        let danish = try CLIRunner.run(["run", "--level", "7", "--program", "frem frem HOP frem", "--language", "da"])
        let english = try CLIRunner.run(["run", "--level", "7", "--program", "forward forward jump forward"])
        #expect(danish.status == 0, "\(danish.stderr)")
        #expect(danish.stdout.contains(" 3. hop      (kort 3)  hoppede til det sjette felt i anden række"))
        let json = try CLIRunner.run(["run", "--level", "7", "--program", "frem forward hop 0", "--language", "da", "--json"])
        let englishJSON = try CLIRunner.run(["run", "--level", "7", "--program", "forward forward jump forward", "--json"])
        #expect(json.stdout == englishJSON.stdout)
        #expect(english.status == danish.status)
        // In English, the Danish keywords are not cards.
        let refused = try CLIRunner.run(["run", "--level", "7", "--program", "frem"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("'frem' is not a card"))
    }

    @Test("LANG=da_DK.UTF-8 speaks Danish; LC_ALL=C and unknown locales speak English")
    func environment() throws {
        let arguments = ["run", "--level", "1", "--program", "forward forward forward"]
        let danish = try CLIRunner.run(arguments, environment: ["LANG": "da_DK.UTF-8"])
        #expect(danish.stdout.contains("Flot! Robotten nåede målet på 3 skridt."))
        #expect(danish.stdout.contains("Den brugte 3 kort: så få som muligt."))
        let c = try CLIRunner.run(arguments, environment: ["LANG": "da_DK.UTF-8", "LC_ALL": "C"])
        #expect(c.stdout.contains("Well done! The robot reached the goal in 3 steps."))
        let unknown = try CLIRunner.run(arguments, environment: ["LANG": "xx_YY.UTF-8"])
        #expect(unknown.stdout.contains("Well done!"))
        #expect(unknown.stderr.isEmpty)
    }

    @Test("--language with no catalog warns once and speaks English")
    func unknownLanguage() throws {
        let output = try CLIRunner.run(["run", "--level", "1", "--program", "forward", "--language", "tlh"])
        #expect(output.stdout.contains("The cards ran out on the third tile of the second row"))
        #expect(output.stderr == "cardbot: warning: --language: no messages in language 'tlh'; available: da, en; messages are in English\n")
    }

    @Test("a broken message catalog is an error naming the file and line, exit 2, no usage text")
    func brokenCatalog() throws {
        let folder = try CLIRunner.temporaryDirectory("cardbot-locale")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("msgid \"Summary:\"\nmsgstr \"Opsummering\n".utf8).write(to: folder.appendingPathComponent("da.po"))
        let output = try CLIRunner.run(
            ["levels", "--language", "da"], environment: ["CARDBOT_LOCALE_DIR": folder.path])
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix("cardbot: error: \(folder.path)/da.po:2: "), "\(output.stderr)")
        #expect(!output.stderr.contains("Usage"))
        #expect(output.stdout.isEmpty)
    }

    @Test("a 70 MB message catalog is refused by its size at once, before it is read")
    func hugeCatalog() throws {
        let folder = try CLIRunner.temporaryDirectory("cardbot-locale-huge")
        defer { try? FileManager.default.removeItem(at: folder) }
        let entry = Data("msgid \"Summary:\"\nmsgstr \"Opsummering:\"\n\n".utf8)
        var catalog = Data(capacity: 70 << 20)
        while catalog.count < 70 << 20 { catalog.append(entry) }
        try catalog.write(to: folder.appendingPathComponent("da.po"))
        let output = try CLIRunner.run(["levels", "--language", "da"], environment: ["CARDBOT_LOCALE_DIR": folder.path])
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix("cardbot: error: \(folder.path)/da.po:1: the file is \(catalog.count) bytes, more than the limit of 4194304 bytes"), "\(output.stderr)")
        #expect(output.stdout.isEmpty)
    }

    @Test("a session's trace and summary in Danish")
    func danishSession() throws {
        let output = try CLIRunner.run(["run", "Examples/maya-level-3", "--language", "da"])
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("Optagelse Examples/maya-level-3 med Maya: bane 3, Venstre og højre\n"))
        #expect(output.stdout.contains("Forsøg 1 ved frame-0011.jpg (5 s):"))
        #expect(output.stdout.contains("Robotten stødte ind i muren på det fjerde felt i anden række; den blev stående på det tredje felt i anden række."))
        #expect(output.stdout.contains("""
            Opsummering:
              Billeder:       24 læst, 0 ulæselige
              Forsøg:         2
              Kørsignal:      kørselsmarkeringer i session.json
              Første succes:  forsøg 2 ved frame-0022.jpg (10,5 s)
              Sidste program: frem højre frem frem venstre frem frem frem
              Kort:           8 (færrest mulige er 8)
            """))
    }

    @Test("JSON, JSON Lines and CSV are the same in every language", arguments: [
        ["run", "--level", "5", "--program", "forward jump right jump forward", "--json"],
        ["run", "Examples/maya-level-3", "--json"],
        ["validate", "Levels", "--json"],
        ["cards", "--json"],
        ["detect", "--json", "Examples/maya-level-3/frame-0011.jpg"],
        // The capture check's measures hold decimals ("0.5 marker cells"): a point in every language.
        ["check", "Examples/maya-level-3", "--json"],
        ["run", "Examples/zoe-level-5", "--json"],
    ])
    func machineFormats(arguments: [String]) throws {
        let english = try CLIRunner.run(arguments)
        let danish = try CLIRunner.run(arguments + ["--language", "da"])
        let environment = try CLIRunner.run(arguments, environment: ["LANG": "da_DK.UTF-8"])
        #expect(!english.stdout.isEmpty)
        // detect's "decodeMs" and "ms" are times: compare without them.
        func stable(_ text: String) -> String {
            text.replacingOccurrences(of: #""(decodeMs|ms)":[0-9.]+"#, with: "", options: .regularExpression)
        }
        #expect(stable(danish.stdout) == stable(english.stdout))
        #expect(stable(environment.stdout) == stable(english.stdout))
        #expect(danish.status == english.status)
    }

    @Test("grade's JSON and CSV reports are the same in Danish; its table and HTML headings are Danish")
    func gradeReports() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var reports: [String: [String: Data]] = [:]
        var tables: [String: String] = [:]
        for language in ["en", "da"] {
            let out = folder.appendingPathComponent(language)
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            let files = ["class.json", "class.csv", "class.html"].map { out.appendingPathComponent($0).path }
            let output = try CLIRunner.run(
                ["grade", "Examples", "--out", files[0], "--out", files[1], "--out", files[2], "--language", language])
            tables[language] = output.stdout
            reports[language] = Dictionary(uniqueKeysWithValues: files.map { ($0.components(separatedBy: "/").last!, FileManager.default.contents(atPath: $0) ?? Data()) })
        }
        #expect(reports["en"]?["class.json"] == reports["da"]?["class.json"])
        #expect(reports["en"]?["class.csv"] == reports["da"]?["class.csv"])
        #expect(tables["da"]?.contains("Elev") == true)
        #expect(tables["da"]?.contains("Baner:") == true)
        let html = String(decoding: reports["da"]?["class.html"] ?? Data(), as: UTF8.self)
        #expect(html.contains(#"<html lang="da">"#))
        #expect(html.contains("<h2>Elever efter bane</h2>"))
        #expect(html.contains("<dt>Forsøg</dt>"))
        // Level names as the level files translate them, where a person reads them; as written in JSON and CSV.
        #expect(tables["da"]?.contains("L3 Venstre og højre: 1 af 1 elev") == true)
        #expect(tables["en"]?.contains("L3 Left and right: 1 of 1 student") == true)
        #expect(html.contains("Maya · bane 3: Venstre og højre"))
        #expect(!html.contains("Left and right"))
        let csv = String(decoding: reports["da"]?["class.csv"] ?? Data(), as: UTF8.self)
        #expect(csv.contains(",Left and right,"))
    }

    @Test("progress names levels in Danish on the terminal and the page, as written in JSON and CSV; the page is titled by the gradebook's name")
    func progressInDanish() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let book = folder.appendingPathComponent("autumn term.sqlite").path
        #expect(try CLIRunner.run(["grade", "Examples", "--gradebook", book]).status == 0)
        var files: [String: [String: String]] = [:]
        var terminal: [String: String] = [:]
        for language in ["en", "da"] {
            let out = ["json", "csv", "html"].map { folder.appendingPathComponent("progress-\(language).\($0)").path }
            let output = try CLIRunner.run(["progress", book, "--language", language] + out.flatMap { ["--out", $0] })
            #expect(output.status == 0, "\(output.stderr)")
            terminal[language] = output.stdout
            files[language] = Dictionary(uniqueKeysWithValues: zip(["json", "csv", "html"], out.map {
                (try? String(contentsOfFile: $0, encoding: .utf8)) ?? ""
            }))
        }
        #expect(terminal["da"]?.contains("L9 Trappen: 1 af 1 elev") == true)
        #expect(terminal["en"]?.contains("L9 The stairs: 1 of 1 student") == true)
        #expect(files["da"]?["json"] == files["en"]?["json"])
        #expect(files["da"]?["csv"] == files["en"]?["csv"])
        let html = files["da"]?["html"] ?? ""
        #expect(html.contains("Trappen") && !html.contains("The stairs"))
        #expect(html.contains("<h1>Fremskridt: autumn term</h1>"), "\(html.prefix(2000))")
        #expect(files["en"]?["html"]?.contains("<h1>Progress: autumn term</h1>") == true)
        // The legend names an unlocked level as its cells do.
        #expect(files["en"]?["html"]?.contains(#"<span class="open" title="unlocked, not played">open</span>"#) == true)
    }

    @Test("Danish places on the map, card by card: off the map, into a wall, short of the goal")
    func danishPlaces() throws {
        let short = try CLIRunner.run(["run", "--level", "1", "--program", "frem", "--language", "da"])
        #expect(short.stdout.contains("Kortene slap op på det tredje felt i anden række, 2 felter fra målet."), "\(short.stdout)")
        // "det andet felt", "anden række": the ordinal agrees with its noun.
        let wall = try CLIRunner.run(["run", "--level", "3", "--program", "højre frem", "--language", "da"])
        #expect(wall.stdout.contains(" 2. frem     (kort 2)  stødte ind i en mur; blev stående på startfeltet"), "\(wall.stdout)")
        #expect(wall.stdout.contains("Robotten stødte ind i muren på det andet felt i tredje række; den blev stående på startfeltet."))
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let level = folder.appendingPathComponent("edge.json")
        try Data(
            #"{"format": 2, "number": 1, "name": "Kant", "description": "Ud over kanten.", "cards": {"0": "forward", "2": "right"}, "tiles": [">.G", "..."]}"#
                .utf8
        ).write(to: level)
        let edge = try CLIRunner.run(["run", "--level", level.path, "--program", "højre frem frem", "--language", "da"])
        #expect(edge.stdout.contains(" 3. frem     (kort 3)  stødte ind i kanten af banen; blev stående på det første felt i anden række"), "\(edge.stdout)\(edge.stderr)")
        #expect(edge.stdout.contains("Robotten stødte ind i kanten af banen på det første felt i anden række."))
        for output in [short, wall, edge] {
            #expect(output.stdout.range(of: #"\(\d+, \d+\)"#, options: .regularExpression) == nil, "\(output.stdout)")
        }
        // JSON keeps the coordinates.
        let json = try CLIRunner.run(["run", "--level", "1", "--program", "frem", "--language", "da", "--json"])
        #expect(json.stdout.contains(#""x":2,"y":1"#))
    }

    @Test("a video's times in Danish are written with a decimal comma; JSON keeps the point")
    func danishClockTimes() throws {
        let danish = try CLIRunner.run(["run", "Examples/zoe-level-5", "--language", "da"])
        #expect(danish.stdout.contains("Forsøg 2, der blev trykket på Kør ved 0:34,4:"), "\(danish.stdout)")
        #expect(danish.stdout.contains("der blev trykket på Kør-kortet ved 0:14, 0:34,4"))
        #expect(danish.stdout.contains("forsøg 2 ved 0:34,4"))
        #expect(!danish.stdout.contains("0:34.4"))
        let english = try CLIRunner.run(["run", "Examples/zoe-level-5"])
        #expect(english.stdout.contains("0:34.4"))
        let json = try CLIRunner.run(["run", "Examples/zoe-level-5", "--language", "da", "--json"])
        #expect(json.stdout.contains(#""frame":"0:34.4""#))
        #expect(!json.stdout.contains("0:34,4"))
    }
}
