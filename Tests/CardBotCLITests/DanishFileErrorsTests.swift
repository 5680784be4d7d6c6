import Foundation
import Testing

/// What is wrong with a teacher's files — a deck, a session folder, its session.json and corrections.json, a class
/// folder — is told in Danish with `--language da`, each file's own names kept as typed; JSON and CSV keep English.
@Suite("Danish file errors")
struct DanishFileErrorsTests {
    /// Field names of deck.json, session.json and corrections.json, as a teacher types them, which Danish messages
    /// quote: not English words.
    static let typedNames: Set<String> = ["cards", "marker", "format", "corrections", "attempt", "program", "added", "frames", "frame", "read"]

    static func englishIn(_ output: CLIRunner.Output) -> [String] {
        DanishEverywhereTests.englishIn(output, allowed: typedNames)
    }

    @Test("a broken deck.json is told in Danish by every command that reads a deck", arguments: [
        (#"{"format": "cardbot-deck/1", "cards": [{"marker": "x"}]}"#, "skal være et helt tal, ikke en tekst"),
        (#"{"format": "cardbot-deck/1", "cards": {}}"#, "'cards' skal være en liste, ikke et objekt"),
        (#"{"format": "cardbot-deck/1"}"#, "feltet 'cards' mangler"),
        (#"{"format": "cardbot-deck/9", "cards": []}"#, "formatet er 'cardbot-deck/9', men denne CardBot læser 'cardbot-deck/1'"),
        (#"{"format": "cardbot-deck/1", "cards": []}"#, "kortsættet har ingen kort"),
        ("[]", "kortsætfilen skal være et objekt, ikke en liste"),
        (#"{"format": "#, "fejlformet JSON"),
    ])
    func brokenDeck(text: String, danish: String) throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let deck = folder.appendingPathComponent("deck.json")
        try Data(text.utf8).write(to: deck)
        for command in [
            ["cards", "print", "--deck", deck.path, "--out", folder.appendingPathComponent("cards.pdf").path],
            ["detect", "--deck", deck.path, "Examples/maya-level-3/frame-0011.jpg"],
            ["cards", "check", "--deck", deck.path],
        ] where command[1] != "check" || !danish.hasPrefix("kortsættet har ingen kort") {
            // (cards check reads a deck of no cards without a word: it has nothing to tell apart.)
            let output = try CLIRunner.run(command + ["--language", "da"])
            #expect(output.status == 2, "\(command)")
            #expect(output.stderr.contains(danish), "\(command): \(output.stderr)")
            #expect(output.stderr.hasPrefix("\(deck.path)") || output.stderr.hasPrefix("cardbot: error: \(deck.path)"))
            let english = Self.englishIn(output)
            #expect(english.isEmpty, "\(english.joined(separator: "\n"))")
        }
        // The same file in English says it in English (the check can fail).
        let english = try CLIRunner.run(["cards", "check", "--deck", deck.path])
        #expect(!Self.englishIn(english).isEmpty)
    }

    @Test("a deck whose cards cannot be told apart, a missing deck and cards check's report are Danish, decimals with a comma")
    func decksThatCannotBeUsed() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let markers = CLIRunner.packageRoot.appendingPathComponent("Cards/markers").path
        let deck = folder.appendingPathComponent("deck.json")
        try Data(
            #"""
            {"format": "cardbot-deck/1", "cards": [
              {"marker": 0, "name": "go", "image": "\#(markers)/0-forward.png"},
              {"marker": 0, "name": "stop", "image": "\#(markers)/1-left.png"}]}
            """#.utf8
        ).write(to: deck)
        let refused = try CLIRunner.run(["detect", "--deck", deck.path, "Examples/maya-level-3/frame-0011.jpg", "--language", "da"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("kortene 'go' og 'stop' bruger begge markør 0; giv hvert kort sin egen markør"), "\(refused.stderr)")
        let missing = try CLIRunner.run(["cards", "--deck", folder.appendingPathComponent("nej.json").path, "--language", "da"])
        #expect(missing.stderr.contains("nej.json: kortsætfilen findes ikke"), "\(missing.stderr)")
        let pictures = try CLIRunner.run(
            ["cards", "check", "--deck", "Cards/examples/picture-deck/deck.json", "--language", "da"])
        #expect(pictures.status == 0)
        #expect(pictures.stdout.contains("(for ens ved en korrelation på 0,60 eller mere):"), "\(pictures.stdout)")
        #expect(pictures.stdout.contains("ok: alle kort kan skelnes fra hinanden"))
        let made = try CLIRunner.run(
            ["cards", "new-deck", "--out", folder.appendingPathComponent("d").path, "--dictionary", "DICT_4X4_50", "--ids", "1,2", "--names",
             "a", "--language", "da"])
        #expect(made.status == 2)
        #expect(made.stderr.contains("2 markører, men 1 navn blev givet med --names; giv ét navn pr. markør"), "\(made.stderr)")
        for output in [refused, missing, made] {
            let english = Self.englishIn(output)
            #expect(english.isEmpty, "\(english.joined(separator: "\n"))")
        }
        // Card names: the reader's keywords are accepted, and listed, when one is not a card.
        let shown = try CLIRunner.run(["cards", "show", "frem", "--language", "da"])
        #expect(shown.status == 0, "\(shown.stderr)")
        let typo = try CLIRunner.run(["cards", "show", "frme", "--language", "da"])
        #expect(typo.stderr.contains("intet kort hedder 'frme'; mente du 'frem'? Kortsættets kort er: frem, venstre"), "\(typo.stderr)")
    }

    @Test("a broken corrections.json, session folder or class folder is Danish on the terminal and English in JSON and CSV")
    func sessionFiles() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let classFolder = folder.appendingPathComponent("4b")
        let maya = classFolder.appendingPathComponent("maya-level-3")
        try FileManager.default.createDirectory(at: classFolder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("Examples/maya-level-3"), to: maya)
        let corrections = maya.appendingPathComponent("corrections.json")
        try Data(#"{"format": "cardbot-corrections/1", "corrections": [{"attempt": 2, "progam": "frem"}]}"#.utf8).write(to: corrections)
        let run = try CLIRunner.run(["run", maya.path, "--language", "da"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("error: rettelse 1: ukendt felt 'progam'; mente du 'program'?"), "\(run.stderr)")
        try Data(#"{"format": "cardbot-corrections/1", "corrections": [{"attempt": 9, "program": "frem"}]}"#.utf8).write(to: corrections)
        let beyond = try CLIRunner.run(["run", maya.path, "--language", "da"])
        #expect(beyond.stderr.contains("rettelse 1: CardBot læser 2 forsøg i denne optagelse og intet er forsøg 9"), "\(beyond.stderr)")
        let noFolder = try CLIRunner.run(["grade", folder.appendingPathComponent("nowhere").path, "--language", "da"])
        #expect(noFolder.stderr.contains("nowhere: mappen findes ikke"), "\(noFolder.stderr)")
        let json = folder.appendingPathComponent("class.json").path
        let csv = folder.appendingPathComponent("class.csv").path
        let graded = try CLIRunner.run(["grade", classFolder.path, "--out", json, "--out", csv, "--language", "da"])
        #expect(graded.stdout.contains("maya-level-3/corrections.json:1:53: error: rettelse 1: CardBot læser 2 forsøg"), "\(graded.stdout)")
        for output in [run, beyond, noFolder, graded] {
            let english = Self.englishIn(output)
            #expect(english.isEmpty, "\(english.joined(separator: "\n"))")
        }
        // Machine formats keep the English, whatever the language.
        let english = "maya-level-3/corrections.json:1:53: error: correction 1: CardBot reads 2 attempts in this session and none is attempt 9"
        #expect(try String(contentsOfFile: json, encoding: .utf8).contains(english))
        #expect(try String(contentsOfFile: csv, encoding: .utf8).contains(english))
    }
}
