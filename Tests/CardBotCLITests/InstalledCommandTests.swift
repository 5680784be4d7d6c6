import Foundation
import Testing

/// The installation `make test` staged (`make install DESTDIR=.build/install-test`), named by
/// `$CARDBOT_INSTALL_TREE`; nil under a plain `swift test`.
enum StagedInstall {
    /// The staged prefix (`.../usr/local`).
    static let prefix: URL? = ProcessInfo.processInfo.environment["CARDBOT_INSTALL_TREE"].flatMap { path in
        path.isEmpty ? nil : URL(fileURLWithPath: path)
    }
}

/// CardBot as `make install` lays it out, run from a folder outside the checkout with nothing but the installed
/// files.
@Suite(
    "an installed cardbot, run from anywhere",
    .enabled(if: StagedInstall.prefix != nil, "make test stages an installation; plain swift test has none"))
struct InstalledCommandTests {
    /// The staged prefix, when there is one.
    static var prefix: URL? { StagedInstall.prefix }

    /// The installed binary.
    static var binary: String { prefix!.appendingPathComponent("bin/cardbot").path }

    /// An empty folder outside the checkout, with a copy of two bundled sessions in it.
    static func workFolder() throws -> URL {
        let folder = try CLIRunner.temporaryDirectory("cardbot-installed")
        for name in ["maya-level-3", "zoe-level-5"] {
            try FileManager.default.copyItem(
                at: CLIRunner.packageRoot.appendingPathComponent("Examples/\(name)"), to: folder.appendingPathComponent(name))
        }
        return folder
    }

    /// Runs the installed binary in `folder`, with no variable that could point it back at the checkout.
    static func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> CLIRunner.Output {
        var clean = environment
        for name in ["CARDBOT_HOME", "CARDBOT_DECK", "CARDBOT_LOCALE_DIR"] where clean[name] == nil { clean[name] = "" }
        return try CLIRunner.run(arguments, in: folder, environment: clean, executable: binary)
    }

    @Test("the layout: the binary, the curriculum, the deck, the catalogs, a manual page per subcommand, completions")
    func layout() throws {
        let prefix = try #require(Self.prefix)
        let files = [
            "bin/cardbot", "share/cardbot/Levels/01-first-steps.json", "share/cardbot/Levels/20-snail-shell.json",
            "share/cardbot/Cards/deck.json", "share/cardbot/Cards/markers/18-go.png", "share/cardbot/Locale/da.po",
            "share/man/man1/cardbot.1", "share/man/man1/cardbot.run.1", "share/man/man1/cardbot.grade.1",
            "share/bash-completion/completions/cardbot", "share/zsh/site-functions/_cardbot",
            "share/fish/vendor_completions.d/cardbot.fish",
        ]
        for file in files {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file)")
        }
        // Nothing of the checkout's build is named in what was installed.
        let manual = try String(contentsOf: prefix.appendingPathComponent("share/man/man1/cardbot.run.1"), encoding: .utf8)
        #expect(!manual.contains(CLIRunner.packageRoot.path))
        #expect(manual.contains("--levels"))
    }

    @Test("cardbot paths names the installed share/cardbot; $CARDBOT_HOME wins")
    func paths() throws {
        let folder = try Self.workFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let prefix = try #require(Self.prefix)
        let output = try Self.run(["paths"], in: folder)
        #expect(output.status == 0)
        let share = prefix.appendingPathComponent("share/cardbot").standardizedFileURL.path
        #expect(output.stdout.contains("home:     \(share) (installed beside the executable)"), "\(output.stdout)")
        #expect(output.stdout.contains("levels:   \(share)/Levels"))
        let home = try Self.run(["paths"], in: folder, environment: ["CARDBOT_HOME": CLIRunner.packageRoot.path])
        #expect(home.stdout.contains("home:     \(CLIRunner.packageRoot.path) (from $CARDBOT_HOME)"))
    }

    @Test("run, grade, levels, validate, cards print, levels print and Danish work with the installed files alone")
    func everyCommand() throws {
        let folder = try Self.workFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let prefix = try #require(Self.prefix)

        let run = try Self.run(["run", "maya-level-3", "--quiet"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("First success: attempt 2 at frame-0022.jpg (10.5 s)"))
        let video = try Self.run(["run", "zoe-level-5", "--quiet"], in: folder)
        #expect(video.status == 0, "\(video.stderr)")
        #expect(video.stdout.contains("Run signal:    GO card tapped at"))
        let typed = try Self.run(["run", "--level", "3", "--program", "forward"], in: folder)
        #expect(typed.status == 1 && typed.stderr.isEmpty, "\(typed.stderr)")

        let grade = try Self.run(["grade", ".", "--out", "class.html", "--gradebook", "term.sqlite"], in: folder)
        #expect(grade.status == 0, "\(grade.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("class.html").path))
        let progress = try Self.run(["progress", "term.sqlite"], in: folder)
        #expect(progress.status == 0, "\(progress.stderr)")

        let levels = try Self.run(["levels"], in: folder)
        #expect(levels.status == 0)
        #expect(levels.stdout.contains("20  Snail shell"), "\(levels.stdout)")
        let validate = try Self.run(["validate", prefix.appendingPathComponent("share/cardbot/Levels").path], in: folder)
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")

        let cards = try Self.run(["cards", "print", "--out", "cards.pdf"], in: folder)
        #expect(cards.status == 0, "\(cards.stderr)")
        #expect(cards.stdout.contains("19 cards on 3 A4 sheets"))
        let sheets = try Self.run(["levels", "print", "3", "--out", "level-3.pdf"], in: folder)
        #expect(sheets.status == 0, "\(sheets.stderr)")
        for pdf in ["cards.pdf", "level-3.pdf"] {
            let bytes = try Data(contentsOf: folder.appendingPathComponent(pdf))
            #expect(bytes.prefix(5) == Data("%PDF-".utf8), "\(pdf)")
        }

        let danish = try Self.run(["run", "maya-level-3", "--quiet", "--language", "da"], in: folder)
        #expect(danish.status == 0, "\(danish.stderr)")
        #expect(danish.stdout.contains("Opsummering:"), "\(danish.stdout)")
    }

    @Test("a level number the curriculum lacks names where it looked and what to pass")
    func levelErrors() throws {
        let folder = try Self.workFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = try Self.run(["run", "--level", "99", "--program", "forward"], in: folder)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no level number 99"))
        #expect(missing.stderr.contains("--levels DIR"))
        #expect(!missing.stderr.contains(":1:1:"))
        // A class whose --levels folder does not exist: one error, not one per session.
        let grade = try Self.run(["grade", ".", "--levels", "nowhere"], in: folder)
        #expect(grade.status == 2)
        #expect(grade.stderr == "cardbot: error: nowhere: no such folder of levels; pass the folder of your level files with --levels DIR (or set CARDBOT_HOME to the folder CardBot's Levels are in)\n")
    }

    /// Runs a system tool; returns its exit status, standard output and standard error.
    static func tool(_ name: String, _ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["MANWIDTH": "100"]) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    @Test("man renders the installed pages without a warning; the completion scripts parse")
    func manualAndCompletions() throws {
        let prefix = try #require(Self.prefix)
        for page in ["cardbot.1", "cardbot.run.1", "cardbot.grade.1", "cardbot.paths.1"] {
            let man = try Self.tool("man", ["-P", "cat", "-l", prefix.appendingPathComponent("share/man/man1/\(page)").path])
            #expect(man.status == 0, "\(page): \(man.err)")
            #expect(man.err.isEmpty, "\(page): \(man.err)")
            #expect(man.out.contains("cardbot"), "\(page)")
        }
        let run = try Self.tool("man", ["-P", "cat", "-l", prefix.appendingPathComponent("share/man/man1/cardbot.run.1").path])
        #expect(run.out.contains("--settle-seconds"))
        let bash = try Self.tool("bash", ["-n", prefix.appendingPathComponent("share/bash-completion/completions/cardbot").path])
        #expect(bash.status == 0, "\(bash.err)")
        let fish = try String(
            contentsOf: prefix.appendingPathComponent("share/fish/vendor_completions.d/cardbot.fish"), encoding: .utf8)
        #expect(fish.contains("complete -c 'cardbot'"))
        let zsh = try String(contentsOf: prefix.appendingPathComponent("share/zsh/site-functions/_cardbot"), encoding: .utf8)
        #expect(zsh.hasPrefix("#compdef cardbot"))
    }
}
