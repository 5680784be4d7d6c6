import CardBotAR
import CardBotClassroom
import CardBotImaging
import CardBotLesson
import CardBotSession
import CardBotSupport
import CardBotTracking
import CardBotVision
import Foundation

/// The class report's pictures as the grader asks for them (``SessionPainting``): a ``SessionPainter`` per worker.
public struct ReportPainter: SessionPainting {
    /// The width of frame thumbnails in pixels.
    public var thumbnailWidth: Int
    /// Limits for every frame read again.
    public var limits: ImageLimits
    /// Frames read per second of a video session.
    public var sampleFPS: Double?

    /// A painter of thumbnails `thumbnailWidth` pixels wide (at least 16).
    public init(thumbnailWidth: Int = 320, limits: ImageLimits = .default, sampleFPS: Double? = nil) {
        self.thumbnailWidth = max(16, thumbnailWidth)
        self.limits = limits
        self.sampleFPS = sampleFPS
    }

    public var settings: String { "thumbnail-width=\(thumbnailWidth) replays=gif-2 photos=colour crops=64x86-levelled thumbnail=levelled" }

    public func makePainter() -> (SessionRun) -> SessionPictures {
        let painter = SessionPainter(thumbnailWidth: thumbnailWidth, limits: limits, sampleFPS: sampleFPS)
        return { run in painter.pictures(for: run) }
    }
}

/// Makes a session's pictures for the HTML report: the last readable frame, small and in colour, with the cards
/// the run read in it outlined (the frame is decoded again for its pixels, not detected again), and the level's map with the robot's path of the
/// best successful attempt, else of the last attempt that ran. One painter per worker: not thread-safe.
final class SessionPainter {
    private let thumbnailWidth: Int
    private let limits: ImageLimits
    private let sampleFPS: Double?

    /// The printed card size, for the replays' table plane.
    private let cards: CardGeometry

    init(thumbnailWidth: Int, limits: ImageLimits = .default, sampleFPS: Double? = nil,
         cards: CardGeometry = CardGeometry()) {
        self.cards = cards
        self.thumbnailWidth = thumbnailWidth
        self.limits = limits
        self.sampleFPS = sampleFPS
    }

    /// The pictures of `run`, PNG-encoded; a picture that cannot be made is named in `notMade` with the reason.
    func pictures(for run: SessionRun) -> SessionPictures {
        var pictures = SessionPictures()
        if let stamp = run.lastReadableFrame {
            do {
                let image = try run.session.frameSource(limits: limits, sampleFPS: sampleFPS).colourFrame(stamp)
                let reading = FrameReading(
                    file: stamp.name, width: image.width, height: image.height, rows: ReadingOrder.rows(run.lastReadableCards),
                    milliseconds: 0)
                // Levelled first, so that a dark room's last frame shows its cards (the outlines keep their colours).
                let small = FrameThumbnail.render(image.levelled(), reading: reading, maxWidth: thumbnailWidth)
                pictures.thumbnail = try PNGCodec.encode(small)
            } catch {
                pictures.notMade.append(Messages.text("the last frame's picture (%s)", Self.reason(error)))
            }
        }
        let trace = run.bestSuccess?.trace ?? run.attempts.last(where: { $0.trace != nil })?.trace
        do {
            pictures.map = try PNGCodec.encode(MapPicture.render(run.level, trace: trace))
        } catch {
            pictures.notMade.append(Messages.text("the map (%s)", Self.reason(error)))
        }
        addReplays(run, to: &pictures)
        return pictures
    }

    /// Why a picture could not be made, as the error tells it.
    static func reason(_ error: Error) -> String {
        guard let problem = (error as? any DiagnosticError)?.problems.first else { return "\(error)" }
        guard let file = problem.file else { return problem.reason }
        // A replay is encoded in a temporary file of $TMPDIR: its folder tells the teacher where room is missing.
        if file.contains(TemporaryFiles.marker) {
            return Messages.text("%1$s, in the temporary folder %2$s", problem.reason, (file as NSString).deletingLastPathComponent)
        }
        return file + ": " + problem.reason
    }

    /// The most GIF bytes of attempt replays one session adds to the page.
    static let replayBudget = 2_500_000

    /// Each attempt's cards cut from its frame (``CardCrop``), and its AR replay as a small GIF, in order, until
    /// `replayBudget` is spent; the replays left out are counted.
    private func addReplays(_ run: SessionRun, to pictures: inout SessionPictures) {
        var spent = 0
        let source = run.session.frameSource(limits: limits, sampleFPS: sampleFPS)
        // One decoder for every attempt's frame (attempts come in playing order): forward over short gaps, a seek over
        // long ones or back.
        var cursor: (any ColourFrameCursor)? = nil
        for attempt in run.attempts {
            let frame: RGBImage
            do {
                if cursor == nil { cursor = try source.colourCursor() }
                frame = try cursor!.colourFrame(FrameStamp(index: attempt.frame, name: attempt.frameName, seconds: attempt.seconds))
            } catch {
                pictures.notMade.append(Messages.text("the cards and the replay of attempt %1$s (%2$s)", attempt.number, Self.reason(error)))
                continue
            }
            pictures.crops[attempt.number] = attempt.evidence.map { $0.flatMap { CardCrop.jpeg($0, from: frame) } }
            guard spent < Self.replayBudget else {
                pictures.replaysLeftOut += 1
                continue
            }
            let gif: [UInt8]
            do {
                gif = try ReplayClip.gif(attempt, frame: frame, level: run.level, cards: cards)
            } catch {
                pictures.notMade.append(Messages.text("the replay of attempt %1$s (%2$s)", attempt.number, Self.reason(error)))
                continue
            }
            guard spent + gif.count <= Self.replayBudget else {
                pictures.replaysLeftOut += 1
                spent = Self.replayBudget
                continue
            }
            spent += gif.count
            pictures.replays.append((attempt.number, gif))
        }
    }
}
