import ArgumentParser
import CardBotSupport
import CardBotSynth

/// How the synthesized child runs programs: the GO card or run marks, and the hands that get in the way.
package struct SynthPaceOptions: ParsableArguments {
    /// Creates the options with their defaults (the argument parser fills them in).
    package init() {}

    @Flag(inversion: .prefixedNo, help: ArgumentHelp(Messages.text("Lay the deck's GO card left of the row and tap it to run (default); without it the presses are not seen.")))
    package var goCard = true

    @Flag(name: .customLong("run-marks"), help: ArgumentHelp(Messages.text("Write the presses as run marks into session.json.")))
    package var runMarks = false

    @Flag(name: .customLong("double-tap"), help: ArgumentHelp(Messages.text("The first tap is followed at once by a second (one press).")))
    package var doubleTap = false

    @Flag(name: .customLong("row-sweep"), help: ArgumentHelp(Messages.text("Once, a hand and arm lie over the whole row and the GO card together.")))
    package var rowSweep = false

    @Flag(name: .customLong("hand-over-card"), help: ArgumentHelp(Messages.text("Once, a hand covers one card for a second, straightening it.")))
    package var handOverCard = false

    @Flag(name: .customLong("hand-left-on-go"), help: ArgumentHelp(Messages.text("At the end, a hand rests on the GO card until the recording stops.")))
    package var handLeftOnGo = false

    /// The timeline's options.
    package var timeline: SessionTimeline.Options {
        SessionTimeline.Options(
            goCard: goCard, doubleTap: doubleTap, rowSweep: rowSweep, handOverCard: handOverCard, handLeftOnGo: handLeftOnGo)
    }
}
