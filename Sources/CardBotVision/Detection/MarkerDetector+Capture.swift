import CardBotGeometry
import CardBotImaging

extension MarkerDetector {
    /// How far blur smears `detection`'s marker in `image`, in marker cells (the detector's own motion-blur
    /// estimate, lens blur included), or nil when its border shows no clean step from margin to ring.
    ///
    /// Measured on request only, for a capture check: detection itself measures a smear only for markers that
    /// failed to read cell by cell, so asking here costs detection nothing. The larger of the smear across the
    /// marker's columns and along its rows is given (a smear along one axis blurs that axis's cells).
    public func smear(of detection: Detection, in image: GrayImage) -> Double? {
        guard image.width >= 8, image.height >= 8 else { return nil }
        let c = detection.quad.corners
        guard let homography = Homography(unitSquareOnto: c[0], c[1], c[2], c[3]) else { return nil }
        return image.pixels.withUnsafeBufferPointer { pixels -> Double? in
            let sampler = GraySampler(pixels: pixels.baseAddress!, width: image.width, height: image.height)
            guard
                let estimate = MotionBlurEstimate.measure(
                    homography, sampler: sampler, cellsAcross: cellsAcross, minimumStep: options.minimumContrast)
            else { return nil }
            return max(estimate.across, estimate.down)
        }
    }

    /// The sensor noise of the frame the last ``detect(_:)`` read (its standard deviation in gray levels, as the
    /// detector's threshold follows it), 0 before any frame; nil where the detector searched the frame's binned
    /// copy (`DetectorOptions.binnedSearchSide`), whose noise is not the frame's.
    public var lastFrameNoise: Double? { searchedBinnedCopy ? nil : frameNoise }
}
