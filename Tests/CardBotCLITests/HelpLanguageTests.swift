import Foundation
import Testing

/// Help, usage errors and validation errors in the language asked for (`--language`, else the locale
/// environment), ArgumentParser's own words included; English help exactly as ArgumentParser writes it.
@Suite("help in the chosen language")
struct HelpLanguageTests {
    /// Every command with help of its own.
    static let commands: [[String]] = [
        [], ["run"], ["grade"], ["grade", "class-folder"], ["grade", "merge"], ["progress"], ["detect"], ["validate"],
        ["solve"], ["levels"], ["levels", "list"], ["levels", "print"], ["cards"], ["cards", "list"],
        ["cards", "show"],
        ["cards", "print"], ["cards", "new-deck"], ["cards", "check"], ["synth"], ["synth", "frames"],
        ["synth", "session"], ["paths"], ["check"],
    ]

    @Test("help run --language da is Danish, and so is every other way of asking for it")
    func danishHelp() throws {
        let help = try CLIRunner.run(["help", "run", "--language", "da"])
        #expect(help.status == 0)
        #expect(help.stderr.isEmpty)
        #expect(help.stdout.hasPrefix("OVERSIGT: Kør et program på en bane, og vis hvert skridt.\n"))
        for line in [
            "BRUG:  cardbot run [<options>] [<session-or-frames> ...]", "ARGUMENTER:", "TILVALG:", "AFSLUTNINGSSTATUS",
            "  -h, --help              Vis hjælp.",
            "  --step-seconds <s>      Sekunder pr. robotskridt i genafspilningen.",
        ] {
            #expect(help.stdout.contains(line + "\n"), "\(line)")
        }
        // Defaults are numbers as Danish writes them: a decimal comma.
        #expect(help.stdout.contains("(standard: 0,5)"))
        #expect(help.stdout.contains("(standard: 64,0)"))
        #expect(help.stdout.firstMatch(of: /standard: [0-9]+\.[0-9]/) == nil)
        for english in [
            "OVERVIEW", "USAGE", "OPTIONS", "Show help information", "(default:", "Run a program on a level",
        ] {
            #expect(!help.stdout.contains(english), "\(english)")
        }
        let others = [
            try CLIRunner.run(["run", "--help", "--language", "da"]),
            try CLIRunner.run(["--language", "da", "help", "run"]),
            try CLIRunner.run(["help", "run", "--language=da"]),
            try CLIRunner.run(["run", "--help"], environment: ["LANG": "da_DK.UTF-8"]),
        ]
        for other in others {
            #expect(other.status == 0)
            #expect(other.stdout == help.stdout)
        }
    }

    @Test("grade's help lists its subcommands in Danish, the default marked; help grade merge takes --language too")
    func danishSubcommands() throws {
        let grade = try CLIRunner.run(["--language", "da", "help", "grade"])
        #expect(grade.status == 0)
        #expect(
            grade.stdout.contains("UNDERKOMMANDOER:\n  class-folder (standard) Bedøm alle optagelser i en klassemappe"))
        #expect(grade.stdout.hasSuffix("  Se 'cardbot help grade <subcommand>' for mere hjælp.\n"))
        let merge = try CLIRunner.run(["--language", "da", "help", "grade", "merge"])
        #expect(merge.status == 0)
        #expect(merge.stdout.hasPrefix("OVERSIGT: Saml karakterbøgerne fra en klasse"))
        let root = try CLIRunner.run(["--language", "da"])
        #expect(root.status == 0)
        #expect(root.stdout.contains("  run                     Kør et program på en bane, og vis hvert skridt.\n"))
    }

    @Test("English help is ArgumentParser's own, whatever says English; manual pages and completions stay English")
    func englishHelp() throws {
        let plain = try CLIRunner.run(["help", "run"])
        #expect(plain.stdout.hasPrefix("OVERVIEW: Run a program on a level and print every step.\n"))
        #expect(plain.stdout.contains("\nUSAGE: cardbot run [<options>] [<session-or-frames> ...]\n\nARGUMENTS:\n"))
        #expect(plain.stdout.contains("  -h, --help              Show help information.\n"))
        #expect(try CLIRunner.run(["help", "run", "--language", "en"]).stdout == plain.stdout)
        #expect(
            try CLIRunner.run(["run", "--help"], environment: ["LANG": "da_DK.UTF-8", "LC_ALL": "C"]).stdout
                == plain.stdout)
        for machine in [["--experimental-dump-help"], ["--generate-completion-script", "fish"]] {
            let danish = try CLIRunner.run(machine, environment: ["LANG": "da_DK.UTF-8"])
            #expect(danish.status == 0)
            #expect(danish.stdout == (try CLIRunner.run(machine)).stdout, "\(machine)")
        }
    }

    @Test("a usage error and a validation error in Danish, with the usage, status 64")
    func danishUsageErrors() throws {
        let misspelt = try CLIRunner.run(["run", "--leve", "3", "--language", "da"])
        #expect(misspelt.status == 64)
        #expect(misspelt.stdout.isEmpty)
        #expect(
            misspelt.stderr == """
                Fejl:  Ukendt tilvalg '--leve'. Mente du '--level'?
                Brug:  cardbot run [<options>] [<session-or-frames> ...]
                  Se 'cardbot run --help' for mere at vide.

                """)
        let paper = try CLIRunner.run(
            ["cards", "print", "--out", "x.pdf", "--paper", "a5"], environment: ["LANG": "da_DK.UTF-8"])
        #expect(paper.status == 64)
        #expect(
            paper.stderr.hasPrefix(
                """
                Fejl:  Værdien 'a5' kan ikke bruges til '--paper <paper>'. Angiv en af 'a4' og 'letter'.
                Hjælp: --paper <paper>  Papiret: a4 eller letter.
                Brug:  cardbot cards print
                """))
        let invalid = try CLIRunner.run([
            "run", "--level", "3", "--program", "forward", "--json", "--map", "--language", "da",
        ])
        #expect(invalid.status == 64)
        #expect(
            invalid.stderr.hasPrefix("Fejl:  --map tegner for mennesker og kan ikke bruges sammen med --json\nBrug:  "))
    }

    @Test(
        "every line of the Danish help fits 80 columns where the English one does, EXIT STATUS tables indented",
        arguments: commands)
    func danishLayout(command: [String]) throws {
        let english = try CLIRunner.run(["help"] + command, environment: ["COLUMNS": "80"])
        let danish = try CLIRunner.run(["help"] + command + ["--language", "da"], environment: ["COLUMNS": "80"])
        #expect(danish.status == 0, "\(danish.stderr)")
        // The usage line is never wrapped, in either language.
        let englishLong = english.stdout.split(separator: "\n").filter { $0.count > 80 && !$0.hasPrefix("USAGE: ") }
        #expect(englishLong.isEmpty)
        let lines = danish.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines where line.count > 80 {
            #expect(line.hasPrefix("BRUG:  ") && english.stdout.contains(line.dropFirst(7)), "\(command): '\(line)'")
        }
        guard let start = lines.firstIndex(of: "AFSLUTNINGSSTATUS") else {
            #expect(!english.stdout.contains("\nEXIT STATUS\n"), "\(command): no AFSLUTNINGSSTATUS")
            return
        }
        for line in lines[(start + 1)...].prefix(while: { !$0.isEmpty }) {
            #expect(line.hasPrefix("  "), "\(command): '\(line)' wraps to column 0")
        }
    }

    @Test("help with a language that has no messages is English and says so once")
    func unknownLanguage() throws {
        let output = try CLIRunner.run(["help", "run", "--language", "tlh"])
        #expect(output.status == 0)
        #expect(output.stdout == (try CLIRunner.run(["help", "run"])).stdout)
        #expect(
            output.stderr
                == "cardbot: warning: --language: no messages in language 'tlh'; available: da, en; messages are in English\n"
        )
    }
}
