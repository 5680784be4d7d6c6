/// How hard the synthesized frames are for a detector.
public enum SynthDifficulty: String, Sendable, CaseIterable, Codable {
    /// Mild tilt (at most 30 degrees), markers at least 40 pixels, low noise, no hand.
    case easy
    /// Strong tilt (up to 60 degrees), markers down to about 16 pixels, blur, noise, shadows, stronger JPEG.
    case hard
    /// Moderate views with a hand and arm reaching over part of the cards.
    case occluded

    /// The ranges the scene generator draws from.
    var ranges: DifficultyRanges {
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
        }
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
}
