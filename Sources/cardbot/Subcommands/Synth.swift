import ArgumentParser
import CardBotSupport

extension CardBotCommand {
    /// `cardbot synth`: realistic camera frames of cards on a table, with ground truth.
    struct Synth: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: Messages.text("Synthesize camera frames of cards on a table, with ground truth."),
                discussion: Messages.text("""
                    Renders printed cards laid in rows on a textured table, seen by a perspective camera \
                    with lighting, shadows, blur, noise, JPEG compression and sometimes a hand. \
                    The same seed always gives the same frames.
                    """),
                subcommands: [Frames.self, Session.self]
            )
        }
    }
}
