import CardBotImaging

/// How the scene is lit: overall exposure, a gradient across the image, vignetting and a soft shadow edge.
public struct Lighting: Sendable, Hashable, Codable {
    /// Overall brightness gain (1 = the printed paper comes out near white).
    public var exposure: Double
    /// Brightness change across the image: the gain grows by `gradient` per image width in the direction `gradientAngle`.
    public var gradient: Double
    /// Direction of the gradient, radians in image coordinates.
    public var gradientAngle: Double
    /// Darkening towards the image corners (0 = none, 0.4 = corners at 60%).
    public var vignette: Double
    /// A soft shadow cast by something out of view (a person, a lamp arm): how dark, 0 = none ... 0.7.
    public var shadowStrength: Double
    /// The shadow's edge: a point it passes through, in image pixels...
    public var shadowPoint: ImagePoint
    /// ...the direction of its edge line, radians (the shadow lies to the left of it)...
    public var shadowAngle: Double
    /// ...and the width of its soft edge in pixels.
    public var shadowSoftness: Double
    /// Colour cast of the light (gains for red, green and blue, near 1).
    public var tint: [Double]
    /// Where the light comes from for cast shadows (hand, card edges): the offset of a shadow on the table, mm per mm of height.
    public var shadowDirection: TablePoint

    /// Creates a lighting setup.
    public init(exposure: Double = 1, gradient: Double = 0, gradientAngle: Double = 0, vignette: Double = 0.15,
                shadowStrength: Double = 0, shadowPoint: ImagePoint = ImagePoint(0, 0), shadowAngle: Double = 0,
                shadowSoftness: Double = 40, tint: [Double] = [1, 1, 1], shadowDirection: TablePoint = TablePoint(0.3, 0.4)) {
        self.exposure = exposure
        self.gradient = gradient
        self.gradientAngle = gradientAngle
        self.vignette = vignette
        self.shadowStrength = shadowStrength
        self.shadowPoint = shadowPoint
        self.shadowAngle = shadowAngle
        self.shadowSoftness = shadowSoftness
        self.tint = tint
        self.shadowDirection = shadowDirection
    }

    /// Even light.
    public static let even = Lighting()
}

