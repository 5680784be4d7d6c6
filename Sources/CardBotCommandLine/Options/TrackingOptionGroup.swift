import ArgumentParser
import CardBotClassroom
import CardBotSupport
import CardBotTracking
import CardBotVision

/// `--stable-seconds` and `--settle-seconds`: how a recording's programs and attempts are read, in seconds.
package struct TrackingOptionGroup: ParsableArguments {
    /// Creates the options with their defaults (the argument parser fills them in).
    package init() {}

    @Option(
        name: .customLong("stable-seconds"),
        help: ArgumentHelp(
            Messages.text(
                "A new program counts as on the table once it is seen unchanged this long (default %s s): a hand passing over the cards for less never changes it.",
                TrackingOptions.defaultStableSeconds),
            valueName: "s"))
    package var stableSeconds: Double = TrackingOptions.defaultStableSeconds

    @Option(
        name: .customLong("settle-seconds"),
        help: ArgumentHelp(
            Messages.text(
                "With no run marks and no GO card in the recording, a program that lies still this long is an estimated attempt (default %s s).",
                Int(TrackingOptions.defaultSettleSeconds)),
            valueName: "s"))
    package var settleSeconds: Double = TrackingOptions.defaultSettleSeconds

    package func validate() throws {
        guard stableSeconds >= 0, stableSeconds <= 60 else {
            throw ValidationError(Messages.text("--stable-seconds must be between 0 and 60"))
        }
        guard settleSeconds >= 0, settleSeconds <= 600 else {
            throw ValidationError(Messages.text("--settle-seconds must be between 0 and 600"))
        }
        guard settleSeconds >= stableSeconds else {
            throw ValidationError(Messages.text("--settle-seconds must be at least --stable-seconds (a program settles after it is stable)"))
        }
    }

    /// The tracking options for `deck` (its GO card, if it has one).
    package func options(deck: Deck) -> TrackingOptions {
        TrackingOptions(stableSeconds: stableSeconds, settleSeconds: settleSeconds, goMarker: deck.goMarker)
    }
}
