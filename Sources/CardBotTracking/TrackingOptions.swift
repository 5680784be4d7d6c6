/// How programs and run signals are read from a recording's readings, in seconds of the recording.
public struct TrackingOptions: Sendable, Equatable {
    /// A new program counts as on the table once it is seen unchanged this long (`--stable-seconds`).
    public var stableSeconds: Double
    /// Without any run signal, a program that lies still this long is an (estimated) attempt (`--settle-seconds`).
    public var settleSeconds: Double
    /// The marker id of the GO card, or nil when the deck has none (no taps are then looked for).
    public var goMarker: Int?
    /// The shortest time the GO card is hidden in a tap.
    public var shortestTap: Double
    /// The longest time the GO card is hidden in a tap; a longer cover is a hand resting on it.
    public var longestTap: Double
    /// Taps this close together (seconds from the end of one to the start of the next) are one press.
    public var pressGap: Double

    /// The default `--stable-seconds`: half a second.
    ///
    /// Measured on synthesized lessons at a child's pace (`Benchmarks/attempt_rules_bench.py`, docs/run.md "How the
    /// attempt rules' defaults were chosen"): a child taps GO 0.8 to 2 s after the last card, so the program
    /// must become current well within that (0.25 to 1 s all give the child's attempts; 1.5 s loses some); a hand
    /// straightening a card or passing over the row covers cards for 0.6 to 1.5 s, which matters only if a tap
    /// falls inside it.
    public static let defaultStableSeconds = 0.5
    /// The default `--settle-seconds`: 8 s, longer than a child's thinking pauses between cards (with the card
    /// being laid, up to about 7 s) and about as long as the shortest time a child watches the robot run. Measured
    /// on 24 synthesized lessons (`Benchmarks/attempt_rules_bench.py`): 8 s gives the child's exact attempts in 19,
    /// 7 s in 15 (partial programs left lying after a rearrangement count), 10 s in 15 (short watches are missed).
    public static let defaultSettleSeconds = 8.0

    /// Creates options.
    public init(
        stableSeconds: Double = TrackingOptions.defaultStableSeconds,
        settleSeconds: Double = TrackingOptions.defaultSettleSeconds, goMarker: Int? = nil, shortestTap: Double = 0.15,
        longestTap: Double = 2.5, pressGap: Double = 1.0
    ) {
        self.stableSeconds = max(0, stableSeconds)
        self.settleSeconds = max(self.stableSeconds, settleSeconds)
        self.goMarker = goMarker
        self.shortestTap = shortestTap
        self.longestTap = longestTap
        self.pressGap = pressGap
    }

    /// The settings a grade depends on, as text for a gradebook's key.
    public var settingsText: String {
        "stable-seconds=\(stableSeconds) settle-seconds=\(settleSeconds) go=\(goMarker.map(String.init) ?? "none")"
    }
}
