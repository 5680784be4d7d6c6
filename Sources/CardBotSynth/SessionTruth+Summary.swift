import CardBotSupport
import Foundation

extension SessionTruth {
    /// What `synth session` prints of the session written into `folder` (frames at `fps`, or `video`): its length
    /// and the run signal the recording holds (run marks, GO taps, or none).
    public func summary(folder: String, video: String?, fps: Double, runMarks: Bool, goCard: Bool) -> String {
        let signal = runMarks ? "\(presses.count) run marks" : (goCard ? "\(presses.count) GO taps" : "no run signal")
        let length = String(format: "%.1f s", duration)
        if let video { return "\(video): wrote \(length) of video; \(folder): session.json (\(signal)) and truth.json" }
        return "\(folder): wrote \(frames.count) frames (\(length) at \(JSONText.number(fps, places: 2)) fps), "
            + "session.json (\(signal)) and truth.json"
    }
}
