import ArgumentParser
import CardBotSupport

extension CardBotCommand {
    /// `cardbot grade`: grading a class's recorded sessions (`grade CLASS_DIR`), and joining the gradebooks of a
    /// class graded in parts (`grade merge`).
    struct Grade: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: Messages.text("Grade a class's recorded sessions: who solved which level, how well, in how many attempts."),
                discussion: Messages.text("""
                    cardbot grade CLASS_DIR grades a class folder (the class-folder subcommand, the default; see \
                    cardbot help grade class-folder); cardbot grade merge joins the gradebooks of a class graded in \
                    parts with --shard. A class folder named merge or class-folder is given as ./merge.
                    """),
                subcommands: [Class.self, Merge.self, Correct.self, Export.self],
                defaultSubcommand: Class.self)
        }
    }
}
