import CardBotGeometry
import CardBotImaging

/// A child's hand and arm reaching over the table, described on the table in millimetres.
///
/// The arm comes from `from` (far away: beyond the image edge) towards the fingertips
/// near `reach`. The hand is drawn as if flat at the table's height and casts a soft shadow.
public struct HandPose: Sendable, Hashable {
    /// Where the middle fingertip points to.
    public var reach: TablePoint
    /// The direction the arm comes from (radians on the table): the arm lies from `reach` towards this angle.
    public var armAngle: Double
    /// Length of the arm drawn, in mm (from the wrist away from the fingers).
    public var armLength: Double
    /// Palm width in mm (a child's: 55...75).
    public var palmWidth: Double
    /// How far the fingers are spread, 0 (together) ... 1.
    public var spread: Double
    /// Which side the thumb is on (+1 or -1: right hand or left hand seen from above).
    public var thumbSide: Double
    /// The skin colour.
    public var skin: RGB
    /// The height of the hand above the table in mm (sets the shadow's offset and softness).
    public var height: Double
    /// The colour of the sleeve over the forearm, or nil for a bare arm.
    public var sleeve: RGB?
    /// Where the sleeve starts, in mm from the wrist.
    public var sleeveStart: Double

    /// Creates a hand.
    public init(reach: TablePoint, armAngle: Double, armLength: Double = 700, palmWidth: Double = 64,
                spread: Double = 0.4, thumbSide: Double = 1, skin: RGB = RGB(224, 172, 140), height: Double = 40,
                sleeve: RGB? = nil, sleeveStart: Double = 120) {
        self.reach = reach
        self.armAngle = armAngle
        self.armLength = armLength
        self.palmWidth = palmWidth
        self.spread = spread
        self.thumbSide = thumbSide
        self.skin = skin
        self.height = height
        self.sleeve = sleeve
        self.sleeveStart = sleeveStart
    }
}
