/// What the camera does to the light: defocus blur, motion blur, sensor noise, and compression.
public struct CameraEffects: Sendable, Hashable, Codable {
    /// Gaussian blur sigma in pixels (0.5 is a sharp camera, 1.5 soft focus or slight motion).
    public var blur: Double
    /// Sensor noise: standard deviation in grey levels at mid grey (read noise plus shot noise).
    public var noise: Double
    /// JPEG quality used when the frame is written as JPEG (1...100).
    public var jpegQuality: Int
    /// The seed of the noise pattern.
    public var seed: UInt64
    /// Motion blur: the length in pixels of the line the image is smeared along during the exposure (0 = none)...
    public var motionLength: Double
    /// ...and its direction, radians in image coordinates.
    public var motionAngle: Double

    /// Creates effects.
    public init(blur: Double = 0.6, noise: Double = 2, jpegQuality: Int = 90, seed: UInt64 = 1, motionLength: Double = 0,
                motionAngle: Double = 0) {
        self.blur = blur
        self.noise = noise
        self.jpegQuality = jpegQuality
        self.seed = seed
        self.motionLength = motionLength
        self.motionAngle = motionAngle
    }
}
