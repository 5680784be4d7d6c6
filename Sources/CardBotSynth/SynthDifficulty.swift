/// How hard the synthesized frames are for a detector: three general mixes and named stress conditions.
///
/// The stress conditions each push one thing a classroom camera meets well past `hard` (motion blur, a dim
/// noisy room, a steep view, a hard shadow edge, a glossy highlight, faded toner, cards cut close to the
/// marker, cards half out of the picture, pastel paper on a busy cloth, a printed tablecloth of dots, checks,
/// flowers or stripes, other square things on the table, the smallest markers in soft focus or in strongly
/// compressed frames) and keep the rest mild, so that a benchmark row says which condition a detector fails on. In
/// them a marker counts as visible when its four
/// corners are inside the frame and less than 10% of it is covered (by a hand or the saturated core of a
/// highlight); in the general mixes any cover hides it.
public enum SynthDifficulty: String, Sendable, CaseIterable, Codable {
    /// Mild tilt (at most 30 degrees), markers at least 40 pixels, low noise, no hand.
    case easy
    /// Strong tilt (up to 60 degrees), markers down to about 16 pixels, blur, noise, shadows, stronger JPEG.
    case hard
    /// Moderate views with a hand and arm reaching over part of the cards.
    case occluded
    /// A hand-held camera moving: blur along a line 3 to 15 pixels long.
    case motionBlur = "motion-blur"
    /// A dim room and a phone at high ISO: exposure 12-40%, sensor and colour noise up to sigma 14, JPEG 40-60.
    case dim
    /// A camera tilted 60 to 78 degrees from the table's normal (interior angles down to about 20 degrees).
    case steep
    /// A shadow (an arm) whose edge, hard (0.5 to 1.5 px) or soft (3 to 12 px), crosses a marker.
    case shadowEdge = "shadow-edge"
    /// A specular highlight on a glossy card saturating part of a marker.
    case glare
    /// Faded print: the black cells 40% to 70% black, as from a printer low on toner.
    case faded
    /// Cards cut close to the marker: a white margin of under one cell (0.25 to 0.9 of a cell).
    case closeCut = "close-cut"
    /// The camera aimed off the layout, so that cards lie partly outside the frame.
    case partlyOutside = "partly-outside"
    /// Pastel card paper (pink, blue, green, yellow) on a busy, strongly patterned cloth.
    case pastel
    /// A printed polka-dot tablecloth: dots of 4 to 20 mm, dark on light or light on dark.
    case polka
    /// A gingham tablecloth: a woven check of 4.5 to 25 mm squares, darkest where the stripes cross.
    case gingham
    /// A floral tablecloth: flowers of varied sizes and colours with curved petals, leaves and buds.
    case floral
    /// A tablecloth with bold straight stripes of varied widths, in up to three colours.
    case stripes
    /// Other square things beside the cards: a worksheet page, checkerboards, QR codes, dice, other games'
    /// markers and black squares, on a printed cloth or an ordinary table.
    case clutter
    /// The smallest markers a camera across the table gives, 16 to 20 pixels, in soft focus (blur sigma 1 to 1.5).
    case smallBlurred = "small-blurred"
    /// Small markers, 16 to 25 pixels, in strongly compressed frames (JPEG quality 50 to 60).
    case smallJPEG = "small-jpeg"

    /// The named stress conditions (every difficulty but the three general mixes).
    public static var stressConditions: [SynthDifficulty] {
        allCases.filter { ![.easy, .hard, .occluded].contains($0) }
    }

    /// The ranges the scene generator draws from.
    var ranges: DifficultyRanges {
        // The stress conditions start from mild frames (between easy and hard) and change one thing.
        var mild = DifficultyRanges(
            tiltDegrees: 0...40, markerSize: 28...110, skewDegrees: 10, blur: 0.5...0.9, noise: 1...4,
            gradient: 0.4, vignette: 0.05...0.25, shadowChance: 0.2, shadowStrength: 0.1...0.3,
            jpegQuality: 75...92, fitChance: 0.9, handChance: 0, tableContrast: 0.25...0.8)
        mild.coverLimit = 0.1
        switch self {
        case .easy:
            return DifficultyRanges(
                tiltDegrees: 0...30, markerSize: 40...140, skewDegrees: 8, blur: 0.45...0.8, noise: 1...3,
                gradient: 0.3, vignette: 0.05...0.2, shadowChance: 0.25, shadowStrength: 0.08...0.22,
                jpegQuality: 85...95, fitChance: 0.9, handChance: 0, tableContrast: 0.25...0.7)
        case .hard:
            return DifficultyRanges(
                tiltDegrees: 25...60, markerSize: 16...56, skewDegrees: 15, blur: 0.7...1.5, noise: 3...7,
                gradient: 0.7, vignette: 0.1...0.35, shadowChance: 0.6, shadowStrength: 0.2...0.5,
                jpegQuality: 60...85, fitChance: 0.6, handChance: 0, tableContrast: 0.4...1.0)
        case .occluded:
            return DifficultyRanges(
                tiltDegrees: 0...45, markerSize: 30...110, skewDegrees: 12, blur: 0.5...1.0, noise: 2...4,
                gradient: 0.4, vignette: 0.05...0.25, shadowChance: 0.3, shadowStrength: 0.1...0.3,
                jpegQuality: 75...92, fitChance: 0.85, handChance: 1, tableContrast: 0.3...0.8)
        case .motionBlur:
            mild.motionLength = 3...15
        case .dim:
            mild.exposure = 0.12...0.4
            mild.noise = 5...14
            mild.jpegQuality = 40...60
        case .steep:
            mild.tiltDegrees = 60...78
            mild.markerSize = 40...120
        case .shadowEdge:
            mild.shadowChance = 1
            mild.shadowStrength = 0.35...0.65
            mild.shadowSoftness = 0.5...12
            mild.shadowOnMarker = true
        case .glare:
            mild.glare = 1.6...4
        case .faded:
            mild.ink = 0.4...0.7
        case .closeCut:
            mild.margin = 0.25...0.9
        case .partlyOutside:
            mild.fitChance = 0
            mild.cropJitter = 1.0
            mild.markerSize = 40...120
        case .pastel:
            mild.pastel = true
            mild.tableContrast = 1.0...1.6
        case .polka, .gingham, .floral, .stripes:
            // The print is at full strength (its inks); the weave and folds under it are clearly there.
            mild.cloths = [TableStyle.Surface(rawValue: rawValue) ?? .gingham]
            mild.tableContrast = 0.5...1.0
        case .clutter:
            mild.cloths = TableStyle.Surface.printed
            mild.ordinaryTableChance = 0.4
            mild.clutter = 3...8
        case .smallBlurred:
            mild.markerSize = 16...20
            mild.blur = 1.0...1.5
        case .smallJPEG:
            mild.markerSize = 16...25
            mild.jpegQuality = 50...60
        }
        return mild
    }
}

/// The ranges of one difficulty.
struct DifficultyRanges {
    var tiltDegrees: ClosedRange<Double>
    /// The marker's size (square root of its area) in pixels at the layout's centre.
    var markerSize: ClosedRange<Double>
    var skewDegrees: Double
    var blur: ClosedRange<Double>
    var noise: ClosedRange<Double>
    var gradient: Double
    var vignette: ClosedRange<Double>
    var shadowChance: Double
    var shadowStrength: ClosedRange<Double>
    var jpegQuality: ClosedRange<Int>
    var fitChance: Double
    var handChance: Double
    var tableContrast: ClosedRange<Double>
    /// How far off the layout a camera that does not frame all of it is aimed (share of the layout's extent).
    var cropJitter: Double = 0.45
    /// The share of a marker that may be covered while it still counts as visible (nil: none).
    var coverLimit: Double? = nil
    // The stress conditions' extras, drawn from a separate random stream so that the general mixes are unchanged.
    /// Overall exposure.
    var exposure: ClosedRange<Double>? = nil
    /// Motion blur length in pixels.
    var motionLength: ClosedRange<Double>? = nil
    /// The shadow edge's width in pixels (default: 2% to 12% of the frame width).
    var shadowSoftness: ClosedRange<Double>? = nil
    /// Whether the shadow edge is laid through a marker in view.
    var shadowOnMarker = false
    /// A highlight's peak, in multiples of full white (above 1 its core saturates).
    var glare: ClosedRange<Double>? = nil
    /// The ink's darkness, 1 = full black.
    var ink: ClosedRange<Double>? = nil
    /// The white margin around the marker, in cells.
    var margin: ClosedRange<Double>? = nil
    /// Pastel paper.
    var pastel = false
    /// The printed cloths the table is drawn from (empty: the wood, cloth or laminate the general mixes lay).
    var cloths: [TableStyle.Surface] = []
    /// The chance that a condition with `cloths` keeps the ordinary table instead.
    var ordinaryTableChance = 0.0
    /// How many clutter objects lie beside the cards (nil: none), drawn from a stream of their own.
    var clutter: ClosedRange<Int>? = nil
}
