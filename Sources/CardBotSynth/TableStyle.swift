import CardBotImaging

/// The table top the cards lie on.
public struct TableStyle: Sendable, Hashable {
    /// The kind of surface.
    public enum Surface: String, Sendable, Hashable, CaseIterable {
        /// Wood with grain lines and growth rings.
        case wood
        /// Woven cloth or felt: fine noise with a faint weave.
        case cloth
        /// A plain laminate classroom table with faint mottling.
        case laminate
    }

    /// The kind of surface.
    public var surface: Surface
    /// The surface's base colour.
    public var color: RGB
    /// How strong the pattern is, 0 (plain) ... 1.
    public var contrast: Double
    /// The seed of the pattern.
    public var seed: UInt64
    /// The direction of the grain on the table, radians.
    public var grainAngle: Double
    /// Half the table's size around the cards' centre, in mm; beyond it is the floor.
    public var halfWidth: Double
    public var halfHeight: Double
    /// The colour of the floor seen beyond the table's edge.
    public var floor: RGB

    /// Creates a table.
    public init(surface: Surface = .wood, color: RGB = RGB(150, 104, 66), contrast: Double = 0.5, seed: UInt64 = 1,
                grainAngle: Double = 0, halfWidth: Double = 700, halfHeight: Double = 450, floor: RGB = RGB(96, 90, 84)) {
        self.surface = surface
        self.color = color
        self.contrast = contrast
        self.seed = seed
        self.grainAngle = grainAngle
        self.halfWidth = halfWidth
        self.halfHeight = halfHeight
        self.floor = floor
    }
}

