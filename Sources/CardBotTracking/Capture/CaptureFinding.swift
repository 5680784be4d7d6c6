import CardBotSupport

/// What a capture check found about one aspect: the measure, the limit it is judged by, and advice when it is not
/// good.
public struct CaptureFinding: Sendable, Equatable {
    /// The aspect judged.
    public var aspect: CaptureAspect
    /// The judgement.
    public var severity: CaptureSeverity
    /// The measure (its unit is the aspect's: pixels, cells, gray levels, a share, degrees), nil when not measured.
    public var value: Double?
    /// The limit the measure is judged by, in the same unit, nil when there is none.
    public var limit: Double?
    /// What was measured, as one line.
    public var measured: MessageText
    /// One line of advice, when the finding is not good.
    public var advice: MessageText?

    /// Creates a finding.
    public init(
        aspect: CaptureAspect, severity: CaptureSeverity, value: Double?, limit: Double?, measured: MessageText,
        advice: MessageText?
    ) {
        self.aspect = aspect
        self.severity = severity
        self.value = value
        self.limit = limit
        self.measured = measured
        self.advice = advice
    }
}
