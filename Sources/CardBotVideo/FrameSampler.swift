/// Picks the frames to read at a steady rate from frames with any timing.
///
/// Sample `n` is due at `n / fps` seconds; the first frame at or after that time is taken, and the next
/// sample is the first due after the frame taken. Times come from the container, so a variable frame rate
/// (phones slow down in dim light) samples the same moments as a steady one.
struct FrameSampler {
    /// Samples per second; nil takes every frame.
    let fps: Double?
    /// The time the next frame read is due; frames before it are not read.
    private(set) var nextDue = 0.0

    /// Creates a sampler.
    init(fps: Double?) { self.fps = fps.flatMap { $0 > 0 ? $0 : nil } }

    /// Whether the frame at `seconds` is read.
    mutating func take(_ seconds: Double) -> Bool {
        guard let fps else { return true }
        let tolerance = 1e-3
        guard seconds + tolerance >= nextDue else { return false }
        nextDue = ((seconds + tolerance) * fps).rounded(.down) / fps + 1 / fps
        return true
    }
}
