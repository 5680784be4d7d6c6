/// Settings of the marker detector. The defaults suit camera frames from 320x240 to 1920x1080.
public struct DetectorOptions: Sendable, Hashable {
    /// The side of the square window whose mean is the local threshold, in pixels (odd);
    /// 0 chooses one from the frame size.
    public var thresholdWindow: Int
    /// How much darker than its neighbourhood's mean a pixel must be to count as dark.
    public var thresholdOffset: Int
    /// The shortest marker side considered, in pixels.
    public var minimumSide: Double
    /// The least difference between a marker's black and white cells, in gray levels.
    public var minimumContrast: Double
    /// The largest share of border cells that may read white (glare, a finger's edge).
    public var borderErrorRate: Double

    /// Creates options; see each property for its meaning.
    public init(
        thresholdWindow: Int = 0, thresholdOffset: Int = 7, minimumSide: Double = 6,
        minimumContrast: Double = 20, borderErrorRate: Double = 0.15
    ) {
        self.thresholdWindow = thresholdWindow
        self.thresholdOffset = thresholdOffset
        self.minimumSide = minimumSide
        self.minimumContrast = minimumContrast
        self.borderErrorRate = borderErrorRate
    }

    /// The window used for a frame of the given size.
    func window(width: Int, height: Int) -> Int {
        if thresholdWindow > 0 { return thresholdWindow | 1 }
        let chosen = min(width, height) / 48
        return min(max(chosen, 7), 31) | 1
    }
}
