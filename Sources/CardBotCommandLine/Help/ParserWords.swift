import CardBotSupport
import Foundation

/// ArgumentParser's own words in help and usage errors, each with its translation from the message catalog.
///
/// Its API cannot set them. They are section headers, line prefixes, the built-in options' help, and its phrases and
/// messages as templates (`%s`, `%1$s`, ... for the values it fills in). English text maps to itself.
package enum ParserWords {
    /// Section headers, each a line of its own.
    package static var headers: [String: String] {
        [
            "ARGUMENTS:": Messages.current.text("ARGUMENTS:"),
            "OPTIONS:": Messages.current.text("OPTIONS:"),
            "SUBCOMMANDS:": Messages.current.text("SUBCOMMANDS:"),
        ]
    }

    /// Words that begin a line, followed by spaces up to a common column (the usage's hanging indent).
    package static var prefixes: [(english: String, translation: String)] {
        [
            ("OVERVIEW:", Messages.current.text("OVERVIEW:")), ("USAGE:", Messages.current.text("USAGE:")),
            ("Error:", Messages.current.text("Error:")), ("Usage:", Messages.current.text("Usage:")),
            ("Help:", Messages.current.text("Help:")),
        ]
    }

    /// The help of the options every command has.
    package static var builtInHelp: [String: String] {
        [
            "Show help information.": Messages.current.text("Show help information."),
            "Show the version.": Messages.current.text("Show the version."),
        ]
    }

    /// The mark after the default subcommand's name.
    package static var defaultSubcommand: (english: String, translation: String) {
        ("(default)", Messages.current.text("(default)"))
    }

    /// What follows an option's help (`%1$s`): its default and the values it takes.
    package static var optionHelp: [(String, String)] {
        [
            ("%1$s (default: %2$s)", Messages.current.text("%1$s (default: %2$s)")),
            ("%1$s (default as flag: %2$s)", Messages.current.text("%1$s (default as flag: %2$s)")),
            ("%1$s (values: %2$s)", Messages.current.text("%1$s (values: %2$s)")),
            ("%1$s (values: %2$s; default: %3$s)", Messages.current.text("%1$s (values: %2$s; default: %3$s)")),
        ]
    }

    /// Lines of their own (indented).
    package static var lines: [(String, String)] {
        [
            ("See '%s' for detailed help.", Messages.current.text("See '%s' for detailed help.")),
            ("See '%s' for more information.", Messages.current.text("See '%s' for more information.")),
        ]
    }

    /// The messages of usage errors.
    package static var errors: [(String, String)] {
        [
            ("Unknown option '%s'", Messages.current.text("Unknown option '%s'")),
            (
                "Unknown option '%1$s'. Did you mean '%2$s'?",
                Messages.current.text("Unknown option '%1$s'. Did you mean '%2$s'?")
            ),
            ("Missing value for '%s'", Messages.current.text("Missing value for '%s'")),
            ("Missing expected argument '%s'", Messages.current.text("Missing expected argument '%s'")),
            ("Missing one of: '%s'", Messages.current.text("Missing one of: '%s'")),
            ("Unexpected argument '%s'", Messages.current.text("Unexpected argument '%s'")),
            ("%1$s unexpected arguments: '%2$s'", Messages.current.text("%1$s unexpected arguments: '%2$s'")),
            ("The value '%1$s' is invalid for '%2$s'", Messages.current.text("The value '%1$s' is invalid for '%2$s'")),
            (
                "The value '%1$s' is invalid for '%2$s'. Please provide one of %3$s.",
                Messages.current.text("The value '%1$s' is invalid for '%2$s'. Please provide one of %3$s.")
            ),
            (
                "The value '%1$s' is invalid for '%2$s': %3$s",
                Messages.current.text("The value '%1$s' is invalid for '%2$s': %3$s")
            ),
            (
                "The option '%1$s' does not take any value, but '%2$s' was specified.",
                Messages.current.text("The option '%1$s' does not take any value, but '%2$s' was specified.")
            ),
        ]
    }

    /// The lists of values in error messages (`'a4' and 'letter'`, `'a', 'b' or 'c'`).
    package static var valueLists: [(String, String)] {
        [
            ("'%1$s' and '%2$s'", Messages.current.text("'%1$s' and '%2$s'")),
            ("%1$s or '%2$s'", Messages.current.text("%1$s or '%2$s'")),
        ]
    }
}
