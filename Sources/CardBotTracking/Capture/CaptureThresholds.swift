/// The limits a capture check judges a setup by, each measured on the synthesizer's difficulty sets: where the
/// reader's recall (visible cards read with the right id) falls below about 0.95 is a problem, and a margin before
/// it a warning. The figures and the command that measured them are in docs/capture.md
/// (`swift run -c release --package-path Benchmarks capture-calibration --count 30`, seed 1, 1280x720).
public enum CaptureThresholds {
    /// The thresholds' version: a grade records it among its settings, so a gradebook regrades its sessions when the
    /// limits a recording is judged by change. Raise it with any limit below.
    public static let version = 2
    /// Cards smaller than this (the square root of the marker's area, px) are a problem: in the hard set's blur and
    /// noise recall was 0.81 at 18-20 px and 0.94 at 20-22 px, 1.00 from 22 px, when the limit was set (0.96 and 0.99
    /// with the reader of issue 29's third session; in the easy set 0.99 from 12 px).
    public static let smallestSize = 20.0
    /// Cards smaller than this are a warning.
    public static let comfortableSize = 24.0
    /// A smear of more than this many marker cells is a problem: recall 0.99 at a measured 1.13 cells, 0.85 at 1.29.
    public static let largestSmear = 1.2
    /// A smear of more than this is a warning (recall 1.00 at a measured 0.80 cells).
    public static let comfortableSmear = 0.9
    /// The frame's bright level (the gray level 1% of pixels reach) under this is a problem, too dark: recall 0.98
    /// at a bright level of 27, 0.57 at 20.
    public static let darkestBright = 25.0
    /// Under this a warning (recall 1.00 from 43).
    public static let comfortableBright = 40.0
    /// A share of saturated pixels in the frame above this is a warning, never a problem: recall stayed 1.00 up to
    /// an exposure of 6 times normal, 98% of the frame saturated.
    public static let comfortableSaturated = 0.25
    /// Noise over the bright level above this is a problem: in a dim room recall is 0.99 at 5.5 / 59 (0.093) and
    /// 0.37 at 8.2 / 72 (0.114); at normal light 1.00 up to 20.3 / 244 (0.083).
    public static let largestNoise = 0.11
    /// Above this a warning.
    public static let comfortableNoise = 0.08
    /// A glare spot saturating more than this share of a card's black cells is a problem: recall 1.00 up to 5%,
    /// 0.64 at 5-8%, 0.08 at 12-20%.
    public static let largestGlare = 0.05
    /// More than this a warning.
    public static let comfortableGlare = 0.02
    /// A tilt from straight down of more than this many degrees is a problem: recall 0.99 at 75-80 degrees, 0.63
    /// at 80-90.
    public static let steepestTilt = 78.0
    /// More than this a warning (recall 1.00 up to 75 degrees).
    public static let comfortableTilt = 72.0
    /// A card nearer the frame's edge than this (in marker widths) is a warning: cards beyond it may be cut. Of 18
    /// partly-outside frames with a card cut, 6 had a card read this near the edge; of 42 frames with every card
    /// whole, 4 (nearer 1.5: 16 of 18 and 17 of 42). A cut card is not read, so this is a warning only.
    public static let comfortableEdge = 0.5
    /// Cards seen in fewer than this share of the frames is a warning.
    public static let seenShare = 0.5
    /// Frames further apart than this (seconds) can miss a tap on the GO card: a child's tap hides it for 0.3 s
    /// or more (0.3 to 1.2 s in the synthesized lessons, 0.15 s at the very least), and it is sure to be seen only
    /// when some frame falls inside it. Stills at 4 a second or more, or a video read 4 or more times a second,
    /// pass; 2 a second does not. With a GO card in view it is a problem (a grade's `sparse-frames` reason), without
    /// one a warning.
    public static let longestFrameInterval = 0.26
}
