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
        /// A printed tablecloth with polka dots of a few sizes on a slightly jittered grid.
        case polka
        /// A woven gingham check: two crossing sets of stripes, darkest where they cross.
        case gingham
        /// A printed tablecloth with flowers, leaves and buds of varied sizes.
        case floral
        /// A printed tablecloth with bold straight stripes of varied widths.
        case stripes

        /// Whether the surface is a printed pattern in the table's inks (the others vary the base colour only).
        public var isPrinted: Bool {
            switch self {
            case .wood, .cloth, .laminate: false
            case .polka, .gingham, .floral, .stripes: true
            }
        }

        /// The printed tablecloths.
        public static var printed: [Surface] { allCases.filter(\.isPrinted) }
    }

    /// The kind of surface.
    public var surface: Surface
    /// The surface's base colour (a printed cloth's ground).
    public var color: RGB
    /// How strong the pattern is, 0 (plain) to 1.
    ///
    /// On a printed cloth it is how strong its weave, folds and mottling are: the print itself is always at full
    /// strength, its contrast is in its inks.
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
    /// A printed cloth's inks, in the pattern's order.
    ///
    /// Polka: large dots, small dots; gingham: the check; floral: petals, leaves, flower centres; stripes: the main,
    /// second and thin stripes. Missing inks print as the base.
    public var inks: [RGB]
    /// How large a printed cloth's pattern is printed, 1 = as generated (checks 6 to 20 mm, dots 5 to 20 mm).
    public var scale: Double

    /// Creates a table.
    public init(
        surface: Surface = .wood, color: RGB = RGB(150, 104, 66), contrast: Double = 0.5, seed: UInt64 = 1,
        grainAngle: Double = 0, halfWidth: Double = 700, halfHeight: Double = 450, floor: RGB = RGB(96, 90, 84),
        inks: [RGB] = [], scale: Double = 1
    ) {
        self.surface = surface
        self.color = color
        self.contrast = contrast
        self.seed = seed
        self.grainAngle = grainAngle
        self.halfWidth = halfWidth
        self.halfHeight = halfHeight
        self.floor = floor
        self.inks = inks
        self.scale = scale
    }
}
