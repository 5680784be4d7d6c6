import ArgumentParser
import CardBotClassroom
import CardBotLesson
import CardBotSupport
import CardBotVision
import Foundation

extension CardBotCommand {
    /// `cardbot run`: runs a program on a level and prints every step; the program is typed, or read
    /// by the camera from a recorded session.
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run a program on a level and print every step.",
            discussion: """
                The program is typed with --program as card names or marker ids (mapped through the level's \
                cards), separated by spaces or commas; or it is read from camera frames: a recorded session \
                folder (frames in natural filename order and an optional session.json), or single frame files. \
                From frames, the program on the table changes only when the same new reading is seen in \
                --stable-frames consecutive readable frames; each run mark of session.json (or, without run \
                marks, each new stable program) is an attempt, run on the robot in turn.

                The level is a level file, or a level number looked up in --levels; for a session it defaults \
                to the level in its session.json.

                EXIT STATUS
                  0   the robot reached the goal with every gem (for a session: some attempt did)
                  1   the run failed (for a session: no attempt solved the level)
                  2   bad input: the level, the program, the session folder or session.json is not valid
                  64  the command line is not valid
                """)

        @OptionGroup var level: LevelOptions
        @OptionGroup var input: ProgramInputOptions
        @OptionGroup var output: RunOutputOptions
        @OptionGroup var session: SessionOptions
        @OptionGroup var deckOptions: DeckOptions
        @OptionGroup var languageOptions: LanguageOptions
        @OptionGroup var imageLimits: ImageLimitOptions

        func run() throws {
            switch try input.mode() {
            case .typed(let text):
                try runTyped(text)
            case .session(let folder):
                let session: SessionFolder
                do {
                    session = try SessionFolder.open(folder)
                } catch let error as SessionError {
                    StandardError.error(file: error.file, position: error.position, error.reason)
                    throw ExitCode(2)
                }
                try runSession(session)
            case .frames(let paths):
                try runSession(SessionFolder.frames(paths))
            }
        }

        private func runTyped(_ text: String) throws {
            let deckNames = try deckOptions.names()
            let level = try self.level.load(deckNames: deckNames)
            let program = try Self.typedProgram(text, level: level, deckNames: deckNames)
            let trace = Robot.run(program, on: level)
            let optimal = Solver.solve(level).optimalCardCount
            let lines: [String]
            if output.json {
                lines = TraceJSONLines.lines(for: trace, optimal: optimal)
            } else {
                let report = RunReport(showMap: output.map, color: TerminalColor.enabled(disabled: output.noColor))
                lines = report.lines(for: trace, level: level, optimal: optimal)
            }
            print(lines.joined(separator: "\n"))
            if !trace.success { throw ExitCode.failure }
        }

        private func runSession(_ folder: SessionFolder) throws {
            let deck = try deckOptions.load()
            let deckNames = deck.namesByMarker
            let level: Level
            do {
                level = try SessionLevel.resolve(
                    folder, requested: self.level.level, levelsDirectory: self.level.levels, deckNames: deckNames)
            } catch let error as SessionError {
                StandardError.error(file: error.file, position: error.position, error.reason)
                throw ExitCode(2)
            }
            let optimal = Solver.solve(level).optimalCardCount
            let limits = imageLimits.limits
            let runner = SessionRunner(
                stableFrames: session.stableFrames, jobs: session.jobs, limits: limits, deckNames: deckNames)
            let clock = ContinuousClock()
            let start = clock.now
            let result = runner.run(folder, level: level, optimal: optimal) {
                let analyzer = FrameAnalyzer(deck: deck, limits: limits)
                return { image in analyzer.analyze(image).markers }
            }
            let elapsed = clock.now - start
            for frame in result.unreadable {
                let path = folder.path == "." ? frame.name : (folder.path as NSString).appendingPathComponent(frame.name)
                StandardError.warning(file: path, "\(frame.reason); frame skipped")
            }
            let lines: [String]
            if output.json {
                lines = SessionJSONLines.lines(for: result, quiet: session.quiet)
            } else {
                let report = SessionReport(
                    showMap: output.map, color: TerminalColor.enabled(disabled: output.noColor), quiet: session.quiet)
                lines = report.lines(for: result)
            }
            print(lines.joined(separator: "\n"))
            if session.stats {
                let seconds = elapsed.seconds
                let rate = seconds > 0 ? Double(result.frameCount) / seconds : 0
                let peak = Double(ProcessStats.peakResidentBytes) / 1_048_576
                StandardError.print(
                    String(
                        format: "stats: %d frames in %.2f s, %.1f frames/s with %d jobs; peak memory %.1f MiB",
                        result.frameCount, seconds, rate, session.jobs, peak))
            }
            if !result.solved { throw ExitCode.failure }
        }

        /// Reads a typed program against the level's cards; bad cards exit 2 with the card's position.
        static func typedProgram(_ text: String, level: Level, deckNames: [Int: String]) throws -> CardProgram {
            let mapping = CardMapping(level: level, deckNames: deckNames)
            do {
                return try CardProgram(try mapping.cards(text: text))
            } catch let error as CardMappingError {
                StandardError.error("--program: \(error.message)")
            } catch let error as ProgramError {
                StandardError.error("--program: \(error.message)")
            }
            throw ExitCode(2)
        }
    }
}
