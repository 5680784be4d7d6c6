import CardBotSupport

/// One thing a capture check judges about a camera setup.
public enum CaptureAspect: String, Sendable, CaseIterable, Codable {
    /// Whether any card is seen at all.
    case cards
    /// The cards' size in pixels.
    case size
    /// Blur across the cards (motion and focus).
    case blur
    /// Too little light.
    case dark
    /// Too much light: the frame blown out.
    case bright
    /// Sensor noise.
    case noise
    /// Glare spots on the cards.
    case glare
    /// How much of the table is in view: cards at or over the frame's edge.
    case view
    /// How steeply the camera looks at the table.
    case tilt
    /// Whether the GO card is seen.
    case go
    /// How far apart the frames are in time: whether every tap on the GO card falls on some frame.
    case pace

    /// The aspect's name as the report's first column shows it, in the reader's language.
    public var label: String {
        switch self {
        case .cards: Messages.text("cards seen", context: "capture check")
        case .size: Messages.text("card size", context: "capture check")
        case .blur: Messages.text("blur", context: "capture check")
        case .dark: Messages.text("light", context: "capture check")
        case .bright: Messages.text("blown out", context: "capture check")
        case .noise: Messages.text("noise", context: "capture check")
        case .glare: Messages.text("glare", context: "capture check")
        case .view: Messages.text("table in view", context: "capture check")
        case .tilt: Messages.text("tilt", context: "capture check")
        case .go: Messages.text("GO card", context: "capture check")
        case .pace: Messages.text("frame rate", context: "capture check")
        }
    }
}
