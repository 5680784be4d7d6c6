import ArgumentParser
import CardBotAR
import Foundation

/// `--replay OUT` and its pacing and camera options: the AR replay of `run`.
struct ReplayOutputOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write the AR replay: OUT.mp4 (H.264), OUT.gif, or DIR/ for one PNG per frame.",
            valueName: "out"))
    var replay: String?

    @Option(
        name: .customLong("step-seconds"),
        help: ArgumentHelp("Seconds per robot step in the replay.", valueName: "s"))
    var stepSeconds: Double = 0.5

    @Option(
        name: .customLong("camera-fov"),
        help: ArgumentHelp(
            "The camera's horizontal field of view in degrees, for standing the robot and walls up from the table (phones and webcams: 60 to 70).",
            valueName: "degrees"))
    var cameraFOV: Double = CameraPose.defaultFieldOfView

    @Option(
        name: .customLong("card-size"),
        help: ArgumentHelp("The printed cards' width, such as 60mm, 6cm or 2.5in (as cards print --card-size).", valueName: "size"))
    var cardSize: String = "60mm"

    /// What `--replay` names.
    enum Target {
        /// A folder of PNG frames.
        case pngFolder(String)
        /// A video file (`.mp4` or `.gif`).
        case video(String)
    }

    func validate() throws {
        guard ReplayOptions.stepSecondsRange.contains(stepSeconds) else {
            throw ValidationError("--step-seconds must be from 0.05 to 10, not \(stepSeconds).")
        }
        guard CameraPose.fieldsOfView.contains(cameraFOV) else {
            throw ValidationError("--camera-fov must be from 20 to 150 degrees, not \(cameraFOV).")
        }
        guard let width = Self.millimetres(cardSize), CardGeometry.widths.contains(width) else {
            throw ValidationError("--card-size must be a length from 30mm to 180mm such as 60mm, 6cm or 2.5in, not '\(cardSize)'.")
        }
        _ = try target()
    }

    /// The output asked for, or nil without `--replay`.
    func target() throws -> Target? {
        guard let replay else { return nil }
        if replay.hasSuffix("/") { return .pngFolder(replay) }
        let lower = replay.lowercased()
        if lower.hasSuffix(".mp4") || lower.hasSuffix(".gif") { return .video(replay) }
        throw ValidationError("--replay must name OUT.mp4, OUT.gif or a folder ending in / (one PNG per frame), not '\(replay)'.")
    }

    /// The replay's options.
    var options: ReplayOptions {
        ReplayOptions(
            cards: CardGeometry(width: Self.millimetres(cardSize) ?? CardGeometry.defaultWidth), fieldOfView: cameraFOV,
            stepSeconds: stepSeconds)
    }

    /// A length in millimetres from text such as `60mm`, `6cm`, `2.5in` or `60` (millimetres).
    static func millimetres(_ text: String) -> Double? {
        CardBotCommand.Cards.PrintSheets.millimetres(text)
    }
}
