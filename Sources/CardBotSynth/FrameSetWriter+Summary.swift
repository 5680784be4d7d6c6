import Foundation

extension FrameSetWriter.Report {
    /// What `synth frames` prints of the frames written into `folder`: the files, then the size, difficulty and
    /// seed, the cards seen and hidden, and the time a frame took to render and to encode as `format`.
    public func summary(folder: String, options: SceneOptions, seed: UInt64, format: FrameSetWriter.Format) -> [String] {
        let perFrame = { (seconds: Double) in String(format: "%.0f", seconds * 1000 / Double(max(1, frames.count))) }
        let visible = frames.reduce(0) { $0 + $1.visible.count }
        let hidden = frames.reduce(0) { $0 + $1.cards.count } - visible
        return [
            "\(folder): wrote \(frames.count) frames (\(frames.first?.file ?? "") ... \(frames.last?.file ?? "")) and truth.json",
            "  \(options.width)x\(options.height), \(options.difficulty.rawValue), seed \(seed): \(visible) visible cards, "
                + "\(hidden) hidden; per frame: render \(perFrame(renderSeconds)) ms, "
                + "\(format.rawValue) \(perFrame(encodeSeconds)) ms",
        ]
    }
}
