import CardBotTestSupport
import Foundation
import Testing

/// With `--language da`, no line a person reads holds a word of the English catalog: every command, its errors
/// included, speaks Danish. Machine formats (JSON, CSV) are left out; they never change (LanguageCommandTests).
@Suite("Danish everywhere")
struct DanishEverywhereTests {
    /// Words of the English messages (the msgids of da.po, three letters or more) that no Danish text also uses.
    static let englishWords: Set<String> = {
        guard let text = try? String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("Locale/da.po"), encoding: .utf8)
        else { return [] }
        var english: Set<String> = []
        var danish: Set<String> = []
        for line in text.split(separator: "\n") {
            let isID = line.hasPrefix("msgid ") || line.hasPrefix("msgid_plural ")
            let isText = line.hasPrefix("msgstr")
            guard isID || isText else { continue }
            let words = Self.words(in: String(line.drop { $0 != "\"" }))
            if isID { english.formUnion(words) } else { danish.formUnion(words) }
        }
        return english.subtracting(danish)
    }()

    /// The lowercased words of `line`, leaving out paths, file names, options and placeholders (anything with a
    /// `/`, `.`, `-`, `%`, `$`, `_` or digit in it) and words in single quotes: those are typed or named, not
    /// translated.
    static func words(in line: String) -> Set<String> {
        var words: Set<String> = []
        // A word in single quotes is a name as typed (a field of session.json, 'level'), in any language.
        let line = line.replacingOccurrences(of: #"'[^'\s]+'"#, with: " ", options: .regularExpression)
        for token in line.split(whereSeparator: { $0 == " " || $0 == "\"" || $0 == "(" || $0 == ")" || $0 == "'" }) {
            let trimmed = token.trimmingCharacters(in: CharacterSet(charactersIn: ",;:!?.…"))
            guard trimmed.count >= 3, trimmed.allSatisfy(\.isLetter) else { continue }
            words.insert(trimmed.lowercased())
        }
        return words
    }

    /// Words that stay as they are in every language: the program's name, and the severity of a diagnostic
    /// (`FILE:LINE:COL: error:`), which editors and scripts parse.
    /// Danish words spelt as English ones are ("mere end", "en note", "et signal", "en terminal", "set uændret",
    /// "en container", "codec'et") count as Danish.
    static let fixedWords: Set<String> = [
        "cardbot", "error", "warning", "end", "note", "signal", "terminal", "set", "container", "codec",
    ]

    /// What help texts show as typed: subcommand names, card names in example programs, option values.
    static let typedWords: Set<String> = ["forward", "left", "right", "jump", "cards", "print", "correct", "levels", "grade", "merge", "check"]

    /// The English words in what a person reads of `output`: its standard error, and its standard output.
    /// `allowed` words are names from files (a deck's name, the card ids level files use).
    static func englishIn(_ output: CLIRunner.Output, allowed: Set<String> = []) -> [String] {
        (output.stdout + "\n" + output.stderr).split(separator: "\n").compactMap { line in
            let found = words(in: String(line)).intersection(englishWords).subtracting(fixedWords).subtracting(allowed)
            return found.isEmpty ? nil : "\(line)  <- \(found.sorted().joined(separator: ", "))"
        }
    }

    @Test("the English catalog yields the words to look for")
    func catalogWords() {
        #expect(Self.englishWords.count > 200)
        // "robot" is Danish too ("en robot"), so it is not looked for.
        #expect(Self.englishWords.isSuperset(of: ["attempt", "cards", "level", "student", "frames"]))
        #expect(!Self.englishWords.contains("frem"))
    }

    @Test("every command speaks Danish, its errors too", arguments: [
        ["run", "--level", "7", "--program", "forward forward jump forward forward"],
        ["run", "--level", "4", "--program", "forward forward"],
        ["run", "--level", "3", "--program", "frem hop"],
        ["run", "--level", "11", "--program", "frem ellers slut slut"],
        ["run", "--level", "3", "--program", "frem fremm"],
        ["run", "Examples/maya-level-3"],
        ["run", "--quiet", "Examples/leo-level-9"],
        ["run", "Examples/zoe-level-5"],
        ["run", "Examples/maya-levle-3"],
        ["run", "--level", "99", "--program", "frem"],
        ["validate", "Levels"],
        ["levels"],
        ["solve", "9"],
        ["detect", "Examples/maya-level-3/frame-0011.jpg"],
        ["help", "run"],
        ["check", "Examples/maya-level-3"],
        ["help", "check"],
        ["grade", "correct", "--help"],
        ["help", "roster", "match"],
        ["roster", "import", "Examples", "--gradebook", "never-made.sqlite"],
        ["run", "--leve", "3"],
        ["run", "README.md"],
        ["run", "Examples/maya-level-3/frame-0011.jpg", "Examples/maya-level-3/frame-0012.jpg"],
        ["progress", "Examples"],
        ["progress", "Examples/maya-level-3/frame-0011.jpg"],
        ["progress", "no-such-term.sqlite"],
    ])
    func command(arguments: [String]) throws {
        let output = try CLIRunner.run(arguments + ["--language", "da"])
        #expect(!(output.stdout + output.stderr).isEmpty)
        let help = arguments.contains("help") || arguments.contains("--help")
        let english = Self.englishIn(output, allowed: help ? Self.typedWords : [])
        #expect(english.isEmpty, "English in `cardbot \(arguments.joined(separator: " "))`:\n\(english.joined(separator: "\n"))")
    }

    @Test("cards speaks Danish but for the deck's name and the card ids level files use")
    func cards() throws {
        let output = try CLIRunner.run(["cards", "--language", "da"])
        #expect(output.status == 0)
        let ids: Set<String> = ["forward", "left", "right", "jump", "else", "end", "default", "deck"]
        let english = Self.englishIn(output, allowed: ids)
        #expect(english.isEmpty, "\(english.joined(separator: "\n"))")
        #expect(output.stdout.contains("19 kort, 4x4-kodemarkører"))
    }

    @Test("validate and run speak Danish about broken level files, but for the names the files type")
    func brokenLevels() throws {
        let folder = try BrokenLevelFolder.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let validated = try CLIRunner.run(["validate", folder.path, "--language", "da"])
        let run = try CLIRunner.run(
            ["run", "--level", folder.appendingPathComponent("01-typo.json").path, "--program", "frem", "--language", "da"])
        for output in [validated, run] {
            #expect(output.status != 0 && !output.stderr.isEmpty)
            let english = Self.englishIn(output, allowed: BrokenLevelFolder.typedNames)
            #expect(english.isEmpty, "\(english.joined(separator: "\n"))")
        }
    }

    @Test("why a frame, a photo or a video cannot be read is Danish on the terminal and English in JSON")
    func unreadableFiles() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frame = try Data(contentsOf: PackageRoot.url.appendingPathComponent("Examples/maya-level-3/frame-0011.jpg"))
        let files = [
            ("garbage.jpg", Data("not a picture".utf8)), ("cut.jpg", frame.prefix(3000)), ("empty.png", Data()),
            ("lesson.mp4", Data("not a video either".utf8)),
        ]
        for (name, bytes) in files { try bytes.write(to: folder.appendingPathComponent(name)) }
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        let detected = try CLIRunner.run(
            ["detect", path("garbage.jpg"), path("cut.jpg"), path("empty.png"), path("missing.png"), folder.path, "--language", "da"])
        #expect(detected.status == 2)
        for reason in [
            "ikke et PNG- eller JPEG-billede", "JPEG-dataene slutter for tidligt (filen er afkortet)", "filen er tom",
            "filen findes ikke", "er en mappe, ikke en billedfil",
        ] {
            #expect(detected.stderr.contains(reason), "\(reason)")
        }
        let run = try CLIRunner.run(["run", "--level", "3", path("garbage.jpg"), path("cut.jpg"), "--language", "da"])
        #expect(run.stderr.contains("billedet springes over"))
        // FFmpeg's own words inside the reason stay as FFmpeg says them.
        let video = try CLIRunner.run(["run", "--level", "3", path("lesson.mp4"), "--language", "da"])
        #expect(video.status == 2 && video.stderr.contains("ikke en video, der kan læses: "))
        let ffmpeg = Set(video.stderr.components(separatedBy: "læses: ").last!.split { !$0.isLetter }.map { $0.lowercased() })
        for (output, allowed) in [(detected, Set<String>()), (run, Set<String>()), (video, ffmpeg)] {
            let english = Self.englishIn(output, allowed: allowed)
            #expect(english.isEmpty, "\(english.joined(separator: "\n"))")
        }
        let json = try CLIRunner.run(["detect", "--json", path("garbage.jpg"), "--language", "da"])
        #expect(json.stdout.contains(#""error":"not a PNG or JPEG image (its first bytes match neither)""#))
    }

    @Test("the lines that say what was written, the --stats lines and the note on unreadable files speak Danish")
    func writtenAndMeasured() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        let frames = try CLIRunner.run(["synth", "frames", "--out", path("frames"), "--count", "2", "--jobs", "1", "--language", "da"])
        let session = try CLIRunner.run(
            ["synth", "session", "--level", "1", "--program", "forward", "--out", path("session"), "--jobs", "1", "--language", "da"])
        let replay = try CLIRunner.run(
            ["run", "--level", "3", "--program", "frem frem", "--replay", path("replay") + "/", "--language", "da"])
        let stats = try CLIRunner.run(["run", "Examples/maya-level-3", "--quiet", "--stats", "--language", "da"])
        let graded = try CLIRunner.run(["grade", "Examples", "--stats", "--language", "da"])
        #expect(frames.status == 0 && frames.stdout.contains(": skrev 2 billeder ("), "\(frames.stdout)")
        #expect(frames.stdout.contains("synlige kort"), "\(frames.stdout)")
        #expect(session.status == 0 && session.stdout.contains("session.json (1 tryk på Kør-kortet) og truth.json"), "\(session.stdout)")
        #expect(replay.stderr.contains("billeder af kørslen på det flade kort (PNG)"), "\(replay.stderr)")
        #expect(stats.stderr.contains("billeder/s med "), "\(stats.stderr)")
        #expect(graded.stderr.contains("stats: 3 sessioner, "), "\(graded.stderr)")
        // The synth lines name the difficulty and format as they are typed ("easy", "jpeg").
        let allowed: [(CLIRunner.Output, Set<String>)] = [
            (frames, ["easy", "jpeg", "truth"]), (session, ["truth"]), (replay, []), (stats, []), (graded, []),
        ]
        for (output, allowed) in allowed {
            let english = Self.englishIn(output, allowed: allowed)
            #expect(english.isEmpty, "\(english.joined(separator: "\n"))")
        }
    }

    @Test("the same check finds English when the language is English")
    func checkCanFail() throws {
        let output = try CLIRunner.run(["run", "--level", "3", "--program", "forward jump"])
        #expect(!Self.englishIn(output).isEmpty)
    }

    @Test("grade and progress speak Danish")
    func gradeAndProgress() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let book = folder.appendingPathComponent("term.sqlite").path
        let graded = try CLIRunner.run(["grade", "Examples", "--gradebook", book, "--language", "da"])
        #expect(graded.status == 0)
        // The gradebook line names the file given: its words are checked, not the path.
        let gradeEnglish = Self.englishIn(graded)
        #expect(gradeEnglish.isEmpty, "\(gradeEnglish.joined(separator: "\n"))")
        let output = try CLIRunner.run(["progress", book, "--language", "da"])
        #expect(output.status == 0)
        let english = Self.englishIn(output)
        #expect(english.isEmpty, "\(english.joined(separator: "\n"))")
    }
}
