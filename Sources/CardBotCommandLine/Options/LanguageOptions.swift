import ArgumentParser
import CardBotSupport
import Foundation
import Synchronization

/// `--language CODE`: the language of every message, and of level and deck texts that have it.
package struct LanguageOptions: ParsableArguments {
    /// Creates the options with their defaults (the argument parser fills them in).
    package init() {}

    @Option(
        name: .long,
        help: ArgumentHelp(
            Messages.text("The language to speak: en, da, ... (default: from LC_ALL, LC_MESSAGES or LANG)."),
            discussion: Messages.text(
                "Level and deck texts given in this language are used too; JSON and CSV never change."),
            valueName: "code"))
    package var language: String?

    /// The unknown languages already warned about: `main` chooses the language before the command line is parsed
    /// (``StartupLanguage``) and this command again as it is validated, and each says so once.
    private static let warned = Mutex<Set<String>>([])

    /// Loads the messages of the language asked for and makes them current (run before the command's `run()`).
    package func validate() throws {
        do {
            try Self.use(language)
        } catch let error as MessageCatalogError {
            // Thrown from here, the argument parser would take it for a usage mistake: it is bad input.
            StandardError.exit(with: error)
        }
    }

    /// Makes the messages of `language` (nil: the locale environment's) current.
    ///
    /// A language with no catalog is warned about (once a process) and means English; level and deck files may still
    /// have texts in it. - Throws: `MessageCatalogError` for a catalog that cannot be read.
    package static func use(_ language: String?) throws {
        let preferences = preferences(for: language)
        do {
            Messages.use(try LanguageChoice.catalog(explicit: language), preferences: preferences)
        } catch let error as LanguageChoice.UnknownLanguage {
            if warned.withLock({ $0.insert(error.language).inserted }) {
                StandardError.warning(file: "--language", "\(error.description); messages are in English")
            }
            Messages.use(.english, preferences: preferences)
        }
    }

    /// The languages to pick level and deck texts in, most wanted first (`da_DK`, `da`); empty for the files'
    /// own default.
    package var preferences: [String] { Self.preferences(for: language) }

    /// The languages to pick level and deck texts in for `language` (nil: the locale environment's).
    package static func preferences(for language: String?) -> [String] {
        let environment = ProcessInfo.processInfo.environment
        guard let requested = LanguageChoice.requested(explicit: language, environment: environment) else { return [] }
        let candidates = LanguageChoice.candidates(for: requested)
        return candidates.isEmpty ? ["en"] : candidates
    }
}
