import CardBotGeometry
import CardBotImaging
import Foundation

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
    /// A specular highlight (a lamp mirrored in a glossy card), or nil.
    public var highlight: Highlight?

    /// Creates a lighting setup.
    public init(exposure: Double = 1, gradient: Double = 0, gradientAngle: Double = 0, vignette: Double = 0.15,
                shadowStrength: Double = 0, shadowPoint: ImagePoint = ImagePoint(0, 0), shadowAngle: Double = 0,
                shadowSoftness: Double = 40, tint: [Double] = [1, 1, 1], shadowDirection: TablePoint = TablePoint(0.3, 0.4),
                highlight: Highlight? = nil) {
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
        self.highlight = highlight
    }

    /// Even light.
    public static let even = Lighting()
}


/// A specular highlight: light added on top of the scene, brightest at its centre and falling off as a Gaussian.
///
/// Where the added light alone exceeds full white (within `coreRadius` of the centre) the sensor saturates and
/// nothing of the card below can be seen.
public struct Highlight: Sendable, Hashable, Codable {
    /// The centre in image pixels.
    public var center: ImagePoint
    /// The Gaussian's radius (where the added light falls to 1/e of its peak), in pixels.
    public var radius: Double
    /// The peak, in multiples of full white.
    public var peak: Double

    /// Creates a highlight.
    public init(center: ImagePoint, radius: Double, peak: Double) {
        self.center = center
        self.radius = radius
        self.peak = peak
    }

    /// The radius within which the highlight alone saturates the sensor (0 when its peak is below white).
    public var coreRadius: Double { peak > 1 ? radius * log(peak).squareRoot() : 0 }

    /// The added light at squared distance `d2` from the centre, in grey levels.
    @inline(__always)
    func light(squaredDistance d2: Float) -> Float {
        Float(peak * 255) * exp(-d2 / Float(radius * radius))
    }
}
