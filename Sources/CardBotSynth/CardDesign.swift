/// The printed layout of a card, in millimetres: a white card with the marker near the top and a title below.
public struct CardDesign: Sendable, Hashable, Codable {
    /// Card width.
    public var width: Double
    /// Card height.
    public var height: Double
    /// Side of the marker's outer border.
    public var markerSize: Double
    /// Distance from the card's top edge to the marker (the marker is centred left to right).
    public var markerTop: Double
    /// Radius of the rounded card corners.
    public var cornerRadius: Double
    /// How dark the marker's ink prints, 1 = full black, 0.5 = half way to the paper (a printer low on toner).
    public var inkDarkness: Double
    /// The paper's colour, red, green and blue in grey levels (default a warm white).
    public var paper: [Double]

    /// Creates a design.
    public init(width: Double = 64, height: Double = 88, markerSize: Double = 48, markerTop: Double = 8,
                cornerRadius: Double = 3, inkDarkness: Double = 1, paper: [Double] = [246, 244, 238]) {
        self.width = width
        self.height = height
        self.markerSize = markerSize
        self.markerTop = markerTop
        self.cornerRadius = cornerRadius
        self.inkDarkness = inkDarkness
        self.paper = paper.count == 3 ? paper : [246, 244, 238]
    }

    /// The default card: 64 x 88 mm (a playing card) with a 48 mm marker and an 8 mm white margin.
    public static let standard = CardDesign()
}
