import ArgumentParser
import CardBotPictures
import CardBotAR
import CardBotClassroom
import CardBotImaging
import CardBotLesson
import CardBotSession
import CardBotSupport
import CardBotVideo
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
                folder (frames in natural filename order, or one video, and an optional session.json), a video \
                file (MP4, MOV, MKV, WebM, AVI, MJPEG; read at --sample-fps frames per second, turned upright as \
                the phone recorded it), or single frame files. Every reading has its time in the recording \
                (a video's timestamps, or session.json's fps for stills), and the program on the table changes \
                only when a new reading is seen unchanged for --stable-seconds, so the same lesson means the \
                same at any frame rate.

                ATTEMPTS: which signal counts
                  1. session.json's run marks ("runs"), when present, are the attempts.
                  2. Else taps on the GO card (marker 18 of the default deck), when a GO card is seen: \
                the card lies beside the program row and is never part of the program; a tap hides it under \
                the child's hand for 0.15 to 2.5 s while most program cards stay in view, and runs the program \
                on the table at that moment. A hand over the whole row is not a tap; two taps within 1 s are \
                one press; a GO card covered longer, or never seen again, is not a tap and gets a note.
                  3. Else (no run signal in the recording) each program that lies still for --settle-seconds is \
                an attempt, and every output says the attempts are estimated.

                The level is a level file, or a level number looked up in --levels; for a session it defaults \
                to the level in its session.json.

                With --live and - as the input, frames come from a stream on standard input (MJPEG or any \
                container FFmpeg reads), for example from a webcam: \
                ffmpeg -f v4l2 -i /dev/video0 -f mjpeg - | cardbot run --live --level 3 - \
                Each tap on the GO card runs the program on the table the moment the GO card is seen again \
                (until a GO card is seen, a program that lies still for --settle-seconds is run, estimated); \
                the end of the stream or Ctrl-C stops it with the session summary.

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
        @OptionGroup var replay: ReplayOutputOptions

        func validate() throws {
            let stream: Bool
            if case .recording(let inputs) = try input.mode() { stream = inputs == ["-"] } else { stream = false }
            if session.live && !stream {
                throw ValidationError("--live reads a stream from standard input: give - as the input")
            } else if stream && !session.live {
                throw ValidationError("- reads a live stream from standard input: add --live")
            }
            if session.live && replay.replay != nil {
                throw ValidationError("--replay cannot follow a live stream: record it, then replay the recording")
            }
        }

        func run() throws {
            switch try input.mode() {
            case .typed(let text):
                try runTyped(text)
            case .recording(let inputs):
                let recording: RecordedSession
                do {
                    recording = try RecordedSession.open(inputs: inputs)
                } catch let error as SessionError {
                    StandardError.error(file: error.file, position: error.position, error.reason)
                    throw ExitCode(2)
                }
                if recording.source == .stream { try runLive(recording) } else { try runSession(recording) }
            }
        }

        private func runTyped(_ text: String) throws {
            let deckNames = try deckOptions.names()
            let level = try self.level.load(deckNames: deckNames)
            let program = try Self.typedProgram(text, level: level, deckNames: deckNames)
            let trace = Robot.run(program, on: level)
            let optimal = OptimumCache.user().optimum(for: level)
            let lines: [String]
            if output.json {
                lines = TraceJSONLines.lines(for: trace, optimal: optimal)
            } else {
                let report = RunReport(showMap: output.map, color: TerminalColor.enabled(disabled: output.noColor))
                lines = report.lines(for: trace, level: level, optimal: optimal)
            }
            StandardOutput.print(lines.joined(separator: "\n"))
            if let target = try replay.target() {
                try writeReplay(to: target, what: "the flat map of the run") { sink in
                    try SessionReplayer.writeTyped(
                        trace, level: level, options: replay.options, width: Self.typedReplaySize.width,
                        height: Self.typedReplaySize.height, into: &sink)
                }
            }
            if !trace.success { throw ExitCode.failure }
        }

        /// The size of a typed program's replay: the flat map alone.
        static let typedReplaySize = (width: 640, height: 480)

        /// Opens the replay output, runs `body` with it and reports where the frames went.
        private func writeReplay(to target: ReplayOutputOptions.Target, what: String,
                                 _ body: (inout any ReplayFrameSink) throws -> Int) throws {
            do {
                switch target {
                case .pngFolder(let path):
                    var sink: any ReplayFrameSink = try PNGFrameFolder(path: path)
                    let frames = try body(&sink)
                    StandardError.print("\(path): \(frames) frames of \(what) (PNG)")
                case .video(let path):
                    var sink: any ReplayFrameSink = VideoFrameSink(path: path, fps: replay.options.framesPerSecond)
                    let frames = try body(&sink)
                    StandardError.print("\(path): \(frames) frames of \(what)")
                }
            } catch let error as ImageError {
                StandardError.error(error.description)
                throw ExitCode(2)
            }
        }

        private func runSession(_ folder: RecordedSession) throws {
            if let replay = replay.replay, folder.holds(replay) {
                StandardError.error(
                    file: replay,
                    "is inside the session folder \(folder.path), whose next run would read the replay as frames; write it elsewhere")
                throw ExitCode(2)
            }
            let deck = try deckOptions.load()
            let deckNames = deck.namesByMarker
            let level: Level
            do {
                level = try SessionLevel.resolve(
                    folder, requested: self.level.level, levelsDirectory: self.level.levels.path, deckNames: deckNames)
            } catch let error as SessionError {
                StandardError.error(file: error.file, position: error.position, error.reason)
                throw ExitCode(2)
            }
            let optimal = OptimumCache.user().optimum(for: level)
            let limits = imageLimits.limits
            let runner = SessionRunner(
                tracking: session.tracking.options(deck: deck), jobs: session.jobs, limits: limits, deckNames: deckNames,
                sampleFPS: session.sampling.sampleFPS)
            let clock = ContinuousClock()
            let start = clock.now
            let result: SessionRun
            do {
                result = try runner.run(
                    folder, level: level, optimal: optimal, makeReader: FrameAnalyzer.markerReader(deck: deck, limits: limits))
            } catch let error as ImageError {
                StandardError.error(file: error.file, error.reason)
                throw ExitCode(2)
            }
            let elapsed = clock.now - start
            for frame in result.unreadable {
                let file = folder.file(ofFrame: frame.name)
                StandardError.warning(
                    file: file, folder.isVideo ? "at \(frame.name): \(frame.reason); frame skipped" : "\(frame.reason); frame skipped")
            }
            let lines: [String]
            if output.json {
                lines = SessionJSONLines.lines(for: result, quiet: session.quiet)
            } else {
                let report = SessionReport(
                    showMap: output.map, color: TerminalColor.enabled(disabled: output.noColor), quiet: session.quiet)
                lines = report.lines(for: result)
            }
            StandardOutput.print(lines.joined(separator: "\n"))
            if let target = try replay.target() {
                try writeReplay(to: target, what: result.attempts.count == 1 ? "1 attempt" : "\(result.attempts.count) attempts") { sink in
                    let warn = { (text: String) in StandardError.warning(file: folder.path, text) }
                    if folder.isVideo {
                        let replayer = VideoSessionReplayer(level: level, deck: deck, options: replay.options, jobs: session.jobs)
                        let source = folder.frameSource(limits: limits, sampleFPS: session.sampling.sampleFPS)
                        return try replayer.write(result.replayAttempts, source: source, into: &sink, warn: warn).frames
                    }
                    let replayer = SessionReplayer(level: level, deck: deck, options: replay.options, limits: limits)
                    return try replayer.write(result.replayAttempts, into: &sink, warn: warn).frames
                }
            }
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

        /// Follows a live stream on standard input: each tap on the GO card runs the program the moment it is seen.
        private func runLive(_ stream: RecordedSession) throws {
            let deck = try deckOptions.load()
            let deckNames = deck.namesByMarker
            let level: Level
            do {
                level = try SessionLevel.resolve(
                    stream, requested: self.level.level, levelsDirectory: self.level.levels.path, deckNames: deckNames)
            } catch let error as SessionError {
                StandardError.error(error.description)
                throw ExitCode(2)
            }
            let optimal = OptimumCache.user().optimum(for: level)
            let limits = imageLimits.limits
            let runner = SessionRunner(
                tracking: session.tracking.options(deck: deck), jobs: 1, limits: limits, deckNames: deckNames,
                sampleFPS: session.sampling.sampleFPS)
            let live = LiveSession(runner: runner, level: level, optimal: optimal)
            let report = SessionReport(
                showMap: output.map, color: TerminalColor.enabled(disabled: output.noColor), quiet: session.quiet)
            // Written straight to the file descriptor: each program shows the moment it is run, even in a pipe.
            func emit(_ lines: [String]) {
                FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
            }
            if !output.json {
                emit([
                    Messages.text(
                        "Live: level %1$s, %2$s (reading standard input; Ctrl-C stops)", level.number,
                        TerminalText.visible(level.localized(Messages.preferences).name))
                ])
            }
            let outcome: LiveSession.Outcome
            do {
                outcome = try live.follow(
                    stream,
                    makeReader: FrameAnalyzer.markerReader(deck: deck, limits: limits),
                    onAttempt: { attempt in
                        guard !session.quiet else { return }
                        if output.json {
                            var lines = [SessionJSONLines.programLine(attempt)]
                            if let trace = attempt.trace {
                                lines += TraceJSONLines.lines(for: trace, optimal: optimal, attempt: attempt.number)
                            }
                            emit(lines)
                        } else {
                            emit([""] + report.attemptLines(attempt, level: level, optimal: optimal, video: true))
                        }
                    },
                    onUnreadable: { frame in
                        StandardError.warning(file: "-", "at \(frame.name): \(frame.reason); frame skipped")
                    })
            } catch let error as ImageError {
                StandardError.error(file: "-", error.reason)
                throw ExitCode(2)
            }
            let result = outcome.run
            emit(output.json ? [SessionJSONLines.summaryLine(result)] : [""] + report.summaryLines(result))
            if session.stats {
                let milliseconds = outcome.runLatencies.map { $0.seconds * 1000 }
                StandardError.print(
                    String(
                        format: "stats: live, %d frames; %d attempts, each run and printed within %.2f ms (the slowest) of reading the frame that decided it",
                        result.frameCount, milliseconds.count, milliseconds.max() ?? 0))
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
