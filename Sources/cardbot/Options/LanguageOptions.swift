import ArgumentParser
import CardBotSupport
import Foundation

/// `--language CODE`: the language of every message, and of level and deck texts that have it.
struct LanguageOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The language to speak: en, da, ... (default: from LC_ALL, LC_MESSAGES or LANG).",
            discussion: "Level and deck texts given in this language are used too; JSON and CSV never change.",
            valueName: "code"))
    var language: String?

    /// Loads the messages of the language asked for and makes them current (run before the command's `run()`).
    func validate() throws {
        do {
            Messages.use(try LanguageChoice.catalog(explicit: language), preferences: preferences)
        } catch let error as LanguageChoice.UnknownLanguage {
            // Level and deck files may still have texts in it; the messages stay English.
            StandardError.warning(file: "--language", "\(error.description); messages are in English")
            Messages.use(.english, preferences: preferences)
        } catch let error as MessageCatalogError {
            // Thrown from here, the argument parser would take it for a usage mistake: it is bad input.
            CardBotCommand.exit(with: error)
        }
    }

    /// The languages to pick level and deck texts in, most wanted first (`da_DK`, `da`); empty for the files'
    /// own default.
    var preferences: [String] {
        guard let requested = LanguageChoice.requested(explicit: language, environment: ProcessInfo.processInfo.environment)
        else { return [] }
        let candidates = LanguageChoice.candidates(for: requested)
        return candidates.isEmpty ? ["en"] : candidates
    }
}
