import CardBotSupport

extension SessionRun {
    /// The aspects of a recording that make a grade doubtful when they are a problem: cards never read at all, and
    /// what shrinks, blurs, darkens or hides them. The GO card is left out: the run signal has notes of its own.
    public static let recordingAspects: Set<CaptureAspect> = [.cards, .size, .blur, .dark, .noise, .glare, .tilt]

    /// A note for each way the session was recorded badly (a ``capture`` finding judged a problem), in the
    /// reader's language, with the check's advice for the next recording: the grade may miss cards these frames hid.
    public var recordingNotes: [String] {
        capture.compactMap { finding in
            guard finding.severity == .problem, Self.recordingAspects.contains(finding.aspect), let advice = finding.advice
            else { return nil }
            return Messages.text(
                "Recorded badly (%1$s), so cards may have been missed; next time, %2$s", finding.aspect.label,
                advice.localized)
        }
    }
}
