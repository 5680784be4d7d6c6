import Foundation

/// Chooses the language of the messages and loads its catalog from `Locale/<language>.po`.
///
/// The language is `--language` when given, else the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set
/// (POSIX order): `da_DK.UTF-8` means Danish; `C`, `POSIX` and `en...` mean English. The catalog folder is
/// `$CARDBOT_LOCALE_DIR`, else `Locale/` of the resource home (``ResourceHome``).
public enum LanguageChoice {
    /// The environment variable naming the folder of PO files.
    public static let environmentVariable = "CARDBOT_LOCALE_DIR"

    /// A language that cannot be used.
    public struct UnknownLanguage: Error, Sendable, CustomStringConvertible {
        /// The language asked for.
        public let language: String
        /// The languages there are catalogs for (English included).
        public let available: [String]
        public var description: String {
            "no messages in language '\(language)'; available: \(available.joined(separator: ", "))"
        }
    }

    /// The language code asked for: `explicit`, else the locale environment's; nil for English.
    public static func requested(explicit: String?, environment: [String: String]) -> String? {
        if let explicit, !explicit.isEmpty { return explicit }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return value
        }
        return nil
    }

    /// `da_DK.UTF-8@euro` -> [`da_DK`, `da`]; empty for English and the C locale.
    public static func candidates(for locale: String) -> [String] {
        var code = locale
        if let at = code.firstIndex(of: "@") { code = String(code[..<at]) }
        if let dot = code.firstIndex(of: ".") { code = String(code[..<dot]) }
        code = code.replacingOccurrences(of: "-", with: "_")
        let lower = code.lowercased()
        if lower.isEmpty || lower == "c" || lower == "posix" || lower == "en" || lower.hasPrefix("en_") { return [] }
        var result = [code]
        if let underscore = code.firstIndex(of: "_") { result.append(String(code[..<underscore])) }
        return result
    }

    /// The catalog for `explicit` (`--language`) or the environment's locale.
    /// - Throws: `UnknownLanguage` when `--language` names a language with no catalog (a locale from the
    ///   environment without one quietly means English), `MessageCatalogError` for a PO file that cannot be read.
    public static func catalog(
        explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> MessageCatalog {
        guard let requested = requested(explicit: explicit, environment: environment) else { return .english }
        let names = candidates(for: requested)
        if names.isEmpty { return .english }
        for folder in folders(environment: environment) {
            for name in names {
                let path = folder + "/" + name + ".po"
                guard FileManager.default.fileExists(atPath: path) else { continue }
                let bytes: [UInt8]
                do {
                    bytes = try RegularFile.read(path, maxBytes: MessageCatalog.maximumFileBytes)
                } catch {
                    throw MessageCatalogError(
                        file: path, line: 1,
                        reason: error.kind == .tooLarge
                            ? "\(error.reason) bytes (a catalog of every CardBot message is about 100 KB); check that this is a message catalog"
                            : error.reason)
                }
                return try MessageCatalog(language: name, poText: String(decoding: bytes, as: UTF8.self), file: path)
            }
        }
        if let explicit, !explicit.isEmpty {
            throw UnknownLanguage(language: explicit, available: available(environment: environment))
        }
        return .english
    }

    /// English and every language with a catalog in the catalog folders.
    public static func available(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        var languages: Set<String> = ["en"]
        for folder in folders(environment: environment) {
            for file in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where file.hasSuffix(".po") {
                languages.insert(String(file.dropLast(3)))
            }
        }
        return languages.sorted()
    }

    /// Where PO files are looked for, in order: `$CARDBOT_LOCALE_DIR`, then `Locale/` of the resource home.
    public static func folders(environment: [String: String], home: ResourceHome = .current) -> [String] {
        var folders: [String] = []
        if let folder = environment[environmentVariable], !folder.isEmpty { folders.append(folder) }
        folders.append(home.locale)
        return folders
    }
}
