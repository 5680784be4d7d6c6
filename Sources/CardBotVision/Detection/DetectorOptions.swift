/// Settings of the marker detector. The defaults suit camera frames from 320x240 to 3840x2160.
public struct DetectorOptions: Sendable, Hashable {
    /// The side of the square window whose mean is the local threshold, in pixels (odd, at most 255);
    /// 0 chooses one from the frame size.
    public var thresholdWindow: Int
    /// The least number of gray levels a pixel must lie below its neighbourhood's mean to count as dark; the
    /// detector raises it to the frame's noise level (so that sensor noise does not fray the markers' outlines).
    public var thresholdOffset: Int
    /// How much darker than its neighbourhood's mean a pixel must also be, as a share of that mean. A printed
    /// marker's contrast grows with the light falling on it, so the threshold follows the local brightness:
    /// strict in bright light, lenient in a dim corner.
    public var thresholdShare: Double
    /// The shortest marker side considered, in pixels.
    public var minimumSide: Double
    /// The least difference between a marker's black and white cells, in gray levels.
    public var minimumContrast: Double
    /// The largest share of border cells that may read white (glare, a finger's edge).
    public var borderErrorRate: Double
    /// Whether to look again on a half-resolution copy of the frame (each pixel the mean of four), which halves
    /// sensor noise and the length of motion blur; what it finds is refined and read at full resolution.
    public var halfResolutionPass: Bool
    /// The most corner searches the matching of smeared markers may make in one frame (`BlurredCodeMatcher
    /// .searchCorners`: corners that the border placed a fraction of a cell off, at most 76 fits of the matching,
    /// about 3 ms at 1280x720). The candidates with the best fits are searched first; the rest are left unread and
    /// counted (`MarkerDetector.skippedSearches`), so that a frame full of smeared shapes costs a bounded time and
    /// says so.
    public var cornerSearchBudget: Int
    /// The most smeared candidates the matching of smeared markers reads in one frame (`MotionBlurEstimate` on the
    /// border, then every card's pattern blurred alike, about 0.2 ms each at 640x480). A smeared printed cloth can
    /// leave dozens of quads with light inside that no cell reading took (177 in one frame of gingham smeared by a
    /// moving camera, where none was a card). The candidates with the most light inside are read first; the rest are
    /// left unread and counted (`MarkerDetector.skippedSearches`).
    public var smearMatchingBudget: Int
    /// The shorter side, in pixels, from which a frame is searched at half its size: its outlines are looked for on
    /// a copy binned 2x2 (each pixel the mean of four), as in a frame of half the size, and the frame itself only
    /// around the small, contrasted shapes of the copy that read as no card (a marker under 32 px, whose outline
    /// the binning can break). Every marker found is refined and read on the frame itself. 0 searches every frame
    /// at full size.
    ///
    /// A 4K frame then costs about the search of a 1080p one.
    public var binnedSearchSide: Int

    /// Creates options; see each property for its meaning.
    public init(
        thresholdWindow: Int = 0, thresholdOffset: Int = 3, thresholdShare: Double = 0.05, minimumSide: Double = 6,
        minimumContrast: Double = 12, borderErrorRate: Double = 0.15, halfResolutionPass: Bool = true,
        cornerSearchBudget: Int = 4, smearMatchingBudget: Int = 16, binnedSearchSide: Int = 1440
    ) {
        self.thresholdWindow = thresholdWindow
        self.thresholdOffset = thresholdOffset
        self.thresholdShare = thresholdShare
        self.minimumSide = minimumSide
        self.minimumContrast = minimumContrast
        self.borderErrorRate = borderErrorRate
        self.halfResolutionPass = halfResolutionPass
        self.cornerSearchBudget = cornerSearchBudget
        self.smearMatchingBudget = smearMatchingBudget
        self.binnedSearchSide = binnedSearchSide
    }

    /// The window used for a frame of the given size.
    func window(width: Int, height: Int) -> Int {
        if thresholdWindow > 0 { return min(thresholdWindow, 255) | 1 }
        let chosen = min(width, height) / 48
        return min(max(chosen, 7), 31) | 1
    }

    /// The threshold's share of the local mean in 64ths, as `DarkComponents` takes it.
    var shareIn64ths: Int { max(0, min(32, Int((thresholdShare * 64).rounded()))) }
}
