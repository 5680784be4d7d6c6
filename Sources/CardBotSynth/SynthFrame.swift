import CardBotImaging

/// One rendered frame: the colour image, its grey version, and the truth about it.
public struct SynthFrame: Sendable {
    /// The frame in colour, as a camera would record it (before any JPEG compression).
    public var rgb: RGBImage
    /// The frame's luminance (the BT.601 weights libjpeg uses when decoding to grey).
    public var gray: GrayImage
    /// Where the hand is: 255 where it fully covers a pixel, 0 where it is absent (all 0 without a hand).
    public var handMask: GrayImage
    /// The ground truth.
    public var truth: FrameTruth
}
