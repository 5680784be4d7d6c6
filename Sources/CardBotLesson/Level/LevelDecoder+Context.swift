import CardBotSupport

extension LevelDecoder {
    /// The diagnostics of one file being decoded, and the checks of its scalar fields (numbers and texts).
    struct Context {
        let file: String
        var diagnostics: [LevelProblem] = []

        /// Records an error at `position`, told in the reader's language where it is printed (English in JSON).
        mutating func error(at position: SourcePosition, _ said: MessageText) {
            diagnostics.append(LevelProblem(file: file, position: position, said: said))
        }

        /// The whole number `value` holds, within `range`; nil (and an error) for anything else.
        mutating func integer(_ value: JSONValue?, _ name: String, in range: ClosedRange<Int>) -> Int? {
            guard let value else { return nil }
            guard let int = value.intValue else {
                if let text = value.numberText, value.isWholeNumber {
                    // A whole number too long for 64 bits: say which bound it breaks, never "not a whole number".
                    let said =
                        text.hasPrefix("-")
                        ? Messages.later("'%1$s' is too small a number; it must be at least %2$s", .plain(name), .number(range.lowerBound))
                        : Messages.later("'%1$s' is too large a number; it must be at most %2$s", .plain(name), .number(range.upperBound))
                    error(at: value.position, said)
                    return nil
                }
                error(at: value.position, Messages.later("'%1$s' must be a whole number, not %2$s", .plain(name), .said(value.typeSaid)))
                return nil
            }
            guard range.contains(int) else {
                let said =
                    range.upperBound == Int.max
                    ? Messages.later("'%1$s' is %2$s; it must be at least %3$s", .plain(name), .number(int), .number(range.lowerBound))
                    : Messages.later(
                        "'%1$s' is %2$s; it must be at least %3$s and at most %4$s",
                        .plain(name), .number(int), .number(range.lowerBound), .number(range.upperBound))
                error(at: value.position, said)
                return nil
            }
            return int
        }

        /// A text field: a string, or (format 2) an object from language code to string. The default is the
        /// `language`'s text, else English's, else the first given.
        mutating func translatedText(_ value: JSONValue?, _ name: String, format: Int?, language: String?)
            -> (text: String, language: String?, translations: [String: String])?
        {
            guard let value else { return nil }
            guard let members = value.members else {
                return text(value, name).map { ($0, nil, [:]) }
            }
            guard format == 2 else {
                error(
                    at: value.position,
                    Messages.later("'%s' in several languages needs \"format\": 2; or write one string", .plain(name)))
                return nil
            }
            var translations: [String: String] = [:]
            var order: [String] = []
            for member in members {
                guard Translations.isLanguageCode(member.key) else {
                    error(
                        at: member.keyPosition,
                        Messages.later(
                            "'%1$s' in '%2$s' is not a language code such as \"en\" or \"da\"", .plain(member.key), .plain(name)))
                    continue
                }
                guard translations[member.key] == nil else {
                    error(
                        at: member.keyPosition,
                        Messages.later("the language '%1$s' appears twice in '%2$s'; keep one", .plain(member.key), .plain(name)))
                    continue
                }
                guard let string = text(member.value, "\(name).\(member.key)") else { continue }
                translations[member.key] = string
                order.append(member.key)
            }
            guard let first = order.first else {
                if members.isEmpty {
                    error(at: value.position, Messages.later("'%s' is empty; give it in at least one language", .plain(name)))
                }
                return nil
            }
            if let language, translations[language] == nil {
                error(
                    at: value.position,
                    Messages.later("'%1$s' has no text in the level's language '%2$s'", .plain(name), .plain(language)))
                return nil
            }
            let chosen = language ?? (translations["en"] != nil ? "en" : first)
            return (translations[chosen]!, chosen, translations)
        }

        /// A text for people: a string of a few words, not too long, without control characters.
        mutating func text(_ value: JSONValue?, _ name: String) -> String? {
            guard let value else { return nil }
            guard let string = value.stringValue else {
                error(at: value.position, Messages.later("'%1$s' must be a string, not %2$s", .plain(name), .said(value.typeSaid)))
                return nil
            }
            guard !string.allSatisfy(\.isWhitespace) else {
                error(at: value.position, Messages.later("'%s' is empty; write a few words", .plain(name)))
                return nil
            }
            guard string.count <= LevelLimits.maximumTextLength else {
                error(
                    at: value.position,
                    Messages.later(
                        "'%1$s' is %2$s characters long; at most %3$s are allowed",
                        .plain(name), .number(string.count), .number(LevelLimits.maximumTextLength)))
                return nil
            }
            // Refused rather than shown as U+FFFD: the teacher learns where it is before a stack of worksheets
            // is printed, and the text is the same on paper, on screen and in reports.
            if let problem = ControlCharacters.said(in: string, field: "'\(name)'") {
                error(at: value.position, problem)
                return nil
            }
            return string
        }
    }
}
