/// A sheet of paper to print cards on.
public enum PaperSize: String, Sendable, CaseIterable {
    /// ISO A4, 210 x 297 mm.
    case a4
    /// US Letter, 8.5 x 11 inches.
    case letter

    /// The width in millimetres (portrait).
    public var width: Double {
        switch self {
        case .a4: return 210
        case .letter: return 215.9
        }
    }

    /// The height in millimetres (portrait).
    public var height: Double {
        switch self {
        case .a4: return 297
        case .letter: return 279.4
        }
    }
}

extension PaperSize {
    /// The paper's name in messages: `A4`, `Letter`.
    public var displayName: String { self == .a4 ? "A4" : "Letter" }
}
