import ArgumentParser
import CardBotClassroom
import CardBotSupport

/// `--anonymise initials|ids`: reports that show students by initials or ids only, and nothing else about them.
package struct AnonymiseOption: ParsableArguments {
    /// Creates the option unset (the argument parser fills it in).
    package init() {}

    @Option(
        name: .customLong("anonymise"),
        help: ArgumentHelp(
            Messages.text("Show students by initials or ids only, and nothing else about them: no names, no folders named after them, no camera pictures."),
            valueName: "initials|ids"))
    package var rule: Anonymisation?
}
