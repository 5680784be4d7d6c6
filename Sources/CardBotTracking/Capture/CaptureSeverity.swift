import CardBotSupport

/// How a capture check judges one aspect of a setup.
public enum CaptureSeverity: String, Sendable, Codable, Comparable {
    /// Reads well.
    case good
    /// Reads, but close to the limit, or something a lesson needs is missing (the GO card): worth fixing.
    case warning
    /// The reader's recall falls below 0.95 here: the setup will not read the cards well.
    case problem

    /// The word the report shows, in the reader's language.
    public var label: String {
        switch self {
        case .good: Messages.text("ok", context: "capture check")
        case .warning: Messages.text("warning", context: "capture check")
        case .problem: Messages.text("problem", context: "capture check")
        }
    }

    private var rank: Int {
        switch self {
        case .good: 0
        case .warning: 1
        case .problem: 2
        }
    }

    public static func < (a: CaptureSeverity, b: CaptureSeverity) -> Bool { a.rank < b.rank }
}
