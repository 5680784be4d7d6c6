import ArgumentParser
import CardBotAR
import CardBotClassroom
import CardBotPictures
import Testing

@testable import cardbot

/// The command line, read in process as the argument parser reads it: each option becomes its typed value, and a
/// value no option takes is a usage error (status 64) that names the option and what it takes.
@Suite("command line")
struct CommandLineTests {
    /// The command `arguments` make, or the message and exit status the parser gives.
    static func parse(_ arguments: [String]) -> Result<any ParsableCommand, UsageError> {
        do {
            return .success(try CardBotCommand.parseAsRoot(arguments))
        } catch {
            return .failure(
                UsageError(message: CardBotCommand.message(for: error), status: CardBotCommand.exitCode(for: error).rawValue))
        }
    }

    /// What the parser says of a command line it refuses.
    struct UsageError: Error {
        var message: String
        var status: Int32
    }

    @Test("cards print reads the paper, a card size in any unit and the document's format from its name")
    func cardsPrint() throws {
        let command = try #require(
            try Self.parse(["cards", "print", "--out", "sheets.PNG", "--paper", "Letter", "--card-size", "2.5in"]).get()
                as? CardBotCommand.Cards.PrintSheets)
        #expect(command.out.format == .png)
        #expect(command.paper == .letter)
        #expect(abs(command.cardSize.millimetres - 63.5) < 1e-9)
        #expect(command.dpi == 300)
    }

    @Test("grade CLASS_DIR is the class-folder command, with its shard and report files typed")
    func gradeClass() throws {
        let command = try #require(
            try Self.parse(["grade", "Examples", "--shard", "2/4", "--out", "r.html", "--out", "r.CSV"]).get()
                as? CardBotCommand.Grade.Class)
        #expect(command.classDirectory == "Examples")
        #expect(command.shard == Shard(index: 2, count: 4))
        #expect(command.out.map(\.format) == [.html, .csv])
        let named = try #require(try Self.parse(["grade", "class-folder", "merge"]).get() as? CardBotCommand.Grade.Class)
        #expect(named.classDirectory == "merge", "a class folder named merge is graded through the command's name")
    }

    @Test("grade merge is its own command")
    func gradeMerge() throws {
        let command = try #require(
            try Self.parse(["grade", "merge", "a.sqlite", "b.sqlite", "--gradebook", "all.sqlite"]).get()
                as? CardBotCommand.Grade.Merge)
        #expect(command.parts == ["a.sqlite", "b.sqlite"])
        #expect(command.gradebook == "all.sqlite")
    }

    @Test("run --replay names a folder of PNG frames or a video")
    func replayTarget() throws {
        let folder = try #require(
            try Self.parse(["run", "--level", "1", "--program", "forward", "--replay", "frames/"]).get() as? CardBotCommand.Run)
        #expect(folder.replay.replay == .pngFolder("frames/"))
        let video = try #require(try Self.parse(["run", "Examples/maya-level-3", "--replay", "a.GIF"]).get() as? CardBotCommand.Run)
        #expect(video.replay.replay == .video("a.GIF"))
        #expect(video.replay.options.cards.width == 60)
    }

    @Test(
        "a value no option takes is a usage error naming the option and what it takes",
        arguments: [
            (["cards", "print", "--out", "x.gif"], "The value 'x.gif' is invalid for '--out <file>'. Please provide one of 'NAME.pdf', 'NAME.svg' or 'NAME.png'."),
            (["cards", "print", "--out", "x.pdf", "--card-size", "10mm"], "--card-size must be from 30mm to 180mm"),
            (["cards", "print", "--out", "x.pdf", "--card-size", "big"], "The value 'big' is invalid for '--card-size <size>'"),
            (["cards", "print", "--out", "x.pdf", "--paper", "a3"], "Please provide one of 'a4' and 'letter'."),
            (["levels", "print", "--out", "x.doc"], "The value 'x.doc' is invalid for '--out <file>'"),
            (["grade", "Examples", "--out", "x.weird"], "Please provide one of 'FILE.csv', 'FILE.json' or 'FILE.html'."),
            (["grade", "Examples", "--shard", "3/2"], "The value '3/2' is invalid for '--shard <i/n>'"),
            (["grade", "Examples", "--jobs", "0"], "--jobs must be between 1 and 256"),
            (["grade", "Examples", "--regrade"], "--regrade needs --gradebook"),
            (["progress", "g.sqlite", "--out", "p.txt"], "Please provide one of 'FILE.html', 'FILE.csv' or 'FILE.json'."),
            (["run", "--level", "1", "--program", "forward", "--replay", "out.avi"], "Please provide one of 'OUT.mp4', 'OUT.gif' or 'DIR/'."),
            // The session folder typed where the replay's output goes: told what --replay takes, never asked for --program.
            (["run", "--quiet", "--replay", "Examples/maya-level-3"], "The value 'Examples/maya-level-3' is invalid for '--replay <out>'. Please provide one of 'OUT.mp4', 'OUT.gif' or 'DIR/'."),
            (["run", "--level", "1", "--program", "forward", "--replay", "o/", "--camera-fov", "5"], "--camera-fov must be from 20 to 150 degrees"),
            (["run", "--level", "1", "--program", "forward", "--replay", "o/", "--step-seconds", "0"], "--step-seconds must be from 0.05 to 10"),
            (["run"], "give the program with --program"),
            (["run", "--program", "forward", "Examples/maya-level-3"], "give either --program or a session folder / frames, not both"),
            (["run", "--leve", "3", "--program", "forward"], "'3' was taken for a session folder or frame, but there is none, and --program was given: is the option before it misspelled?"),
            (["grade", "merge", "--gradebook", "all.sqlite"], "Missing expected argument '<part.sqlite> ...'"),
        ])
    func refused(arguments: [String], message: String) {
        switch Self.parse(arguments) {
        case .success(let command):
            Issue.record("\(arguments) parsed as \(type(of: command))")
        case .failure(let error):
            #expect(error.status == 64, "\(arguments)")
            #expect(error.message.contains(message), "\(error.message)")
        }
    }
}
