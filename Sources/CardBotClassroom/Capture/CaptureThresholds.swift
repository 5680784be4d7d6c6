/// The limits a capture check judges a setup by, each measured on the synthesizer's difficulty sets: the value
/// at which the reader's recall (visible cards read with the right id) falls below 0.95 is a problem, and a
/// margin before it a warning. The figures and the command that measured them are in docs/capture.md
/// (`swift run -c release --package-path Benchmarks capture-calibration`).
public enum CaptureThresholds {
    /// Cards smaller than this (the square root of the marker's area, px) are a problem.
    public static let smallestSize = 16.0
    /// Cards smaller than this are a warning.
    public static let comfortableSize = 20.0
    /// A smear of more than this many marker cells is a problem.
    public static let largestSmear = 1.5
    /// A smear of more than this is a warning.
    public static let comfortableSmear = 1.0
    /// The frame's bright level (gray level 1% of pixels reach) under this is a problem: too dark.
    public static let darkestBright = 40.0
    /// Under this a warning.
    public static let comfortableBright = 70.0
    /// A share of saturated pixels in the frame above this is a problem: blown out.
    public static let largestSaturated = 0.5
    /// Above this a warning.
    public static let comfortableSaturated = 0.2
    /// Noise (sigma, gray levels) above this is a problem.
    public static let largestNoise = 20.0
    /// Above this a warning.
    public static let comfortableNoise = 14.0
    /// A glare spot covering more than this share of a card (the marker grown by half) is a problem.
    public static let largestGlare = 0.05
    /// More than this a warning.
    public static let comfortableGlare = 0.01
    /// A tilt from straight above of more than this many degrees is a problem.
    public static let steepestTilt = 75.0
    /// More than this a warning.
    public static let comfortableTilt = 65.0
    /// A card nearer the frame's edge than this (in marker sizes) is a problem: cards beyond it are likely cut.
    public static let nearestEdge = 0.25
    /// Nearer than this a warning.
    public static let comfortableEdge = 0.75
    /// Cards seen in fewer than this share of the frames is a warning.
    public static let seenShare = 0.5
}
