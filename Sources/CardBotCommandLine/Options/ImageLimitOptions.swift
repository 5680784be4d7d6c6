import ArgumentParser
import CardBotImaging
import CardBotSupport

/// `--max-megapixels`: the largest frame a command decodes.
package struct ImageLimitOptions: ParsableArguments {
    /// Creates the options with their defaults (the argument parser fills them in).
    package init() {}

    @Option(
        name: .customLong("max-megapixels"),
        help: ArgumentHelp(
            Messages.text("Refuse frames whose header claims more megapixels than this, before decoding them."), valueName: "mp"))
    package var maxMegapixels: Double = Double(ImageLimits.default.maxPixels) / 1_000_000

    package func validate() throws {
        guard maxMegapixels > 0, maxMegapixels <= 1000 else {
            throw ValidationError(Messages.text("--max-megapixels must be above 0 and at most 1000."))
        }
    }

    /// The limits every frame is read with.
    package var limits: ImageLimits {
        var limits = ImageLimits.default
        limits.maxPixels = max(1, Int(maxMegapixels * 1_000_000))
        return limits
    }
}
