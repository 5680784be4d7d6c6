/// Texts that level and deck files give in several languages: `{"en": "Jump", "da": "Hop"}`.
public enum Translations {
    /// The text for the first of `preferences` (language codes such as `da_DK`, `da`) that `translations` has,
    /// else `fallback` (the file's default language).
    public static func pick(_ fallback: String, _ translations: [String: String], _ preferences: [String]) -> String {
        for language in preferences {
            if let text = translations[language] { return text }
            if let text = translations.first(where: { $0.key.lowercased() == language.lowercased() })?.value { return text }
        }
        return fallback
    }

    /// Whether `code` looks like a language code: two or three letters, optionally `_` or `-` and a region or
    /// script (`da`, `pt_BR`, `zh-Hans`).
    public static func isLanguageCode(_ code: String) -> Bool {
        let parts = code.split(separator: "_", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "-", omittingEmptySubsequences: false)
        }
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return false
        }
        return parts.count <= 2 && parts.dropFirst().allSatisfy { (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }
}
