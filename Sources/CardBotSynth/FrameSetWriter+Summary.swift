import CardBotSupport
import Foundation

extension FrameSetWriter.Report {
    /// What `synth frames` prints of the frames written into `folder`: the files, then the size, difficulty and
    /// seed, the cards seen and hidden, and the time a frame took to render and to encode as `format`, in the
    /// reader's language (the difficulty and format keep the names they are typed with).
    public func summary(folder: String, options: SceneOptions, seed: UInt64, format: FrameSetWriter.Format) -> [String] {
        let perFrame = { (seconds: Double) in String(format: "%.0f", seconds * 1000 / Double(max(1, frames.count))) }
        let visible = frames.reduce(0) { $0 + $1.visible.count }
        let hidden = frames.reduce(0) { $0 + $1.cards.count } - visible
        return [
            Messages.plural(
                "%1$s: wrote %2$d frame (%3$s ... %4$s) and truth.json",
                "%1$s: wrote %2$d frames (%3$s ... %4$s) and truth.json", count: frames.count, folder, frames.count,
                frames.first?.file ?? "", frames.last?.file ?? ""),
            "  "
                + Messages.text(
                    "%1$dx%2$d, %3$s, seed %4$s: %5$d visible cards, %6$d hidden; per frame: render %7$s ms, %8$s %9$s ms",
                    options.width, options.height, options.difficulty.rawValue, seed, visible, hidden,
                    perFrame(renderSeconds), format.rawValue, perFrame(encodeSeconds)),
        ]
    }
}
