import CardBotSupport
import Foundation

extension SessionTruth {
    /// What `synth session` prints of the session written into `folder` (frames at `fps`, or `video`): its length
    /// and the run signal the recording holds (run marks, GO taps, or none), in the reader's language.
    public func summary(folder: String, video: String?, fps: Double, runMarks: Bool, goCard: Bool) -> String {
        let signal =
            runMarks
            ? Messages.plural("%d run mark", "%d run marks", count: presses.count, presses.count)
            : (goCard
                ? Messages.plural("%d GO tap", "%d GO taps", count: presses.count, presses.count)
                : Messages.text("no run signal"))
        let length = Messages.decimal(String(format: "%.1f", duration))
        if let video {
            return Messages.text(
                "%1$s: wrote %2$s s of video; %3$s: session.json (%4$s) and truth.json", video, length, folder, signal)
        }
        return Messages.plural(
            "%1$s: wrote %2$d frame (%3$s s at %4$s fps), session.json (%5$s) and truth.json",
            "%1$s: wrote %2$d frames (%3$s s at %4$s fps), session.json (%5$s) and truth.json", count: frames.count,
            folder, frames.count, length, Messages.decimal(JSONText.number(fps, places: 2)), signal)
    }
}
