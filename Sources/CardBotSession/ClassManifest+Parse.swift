import CardBotSupport

extension ClassManifest {
    /// Parses `class.json`'s bytes with the positioned JSON parser session.json uses.
    /// - Throws: `SessionError` naming `file` and the line and column of the first problem: malformed JSON, another
    ///   format, an unknown or repeated field, a value that is not text, an id that is empty, too long, holds
    ///   control characters or starts with `/` (the keys of classes without class.json are their paths).
    public static func parse(_ bytes: [UInt8], file: String) throws -> ClassManifest {
        func fail(_ position: SourcePosition, _ message: MessageText) -> SessionError {
            SessionError(file: file, position: position, said: message)
        }
        let (document, members) = try SessionError.members(of: bytes, file: file, named: fileName)
        var values: [String: String] = [:]
        for member in members {
            guard fields.contains(member.key) else {
                let known = fields.sorted().joined(separator: ", ")
                throw fail(
                    member.keyPosition,
                    NameSuggestion.nearest(to: member.key, in: fields.sorted()).map {
                        Messages.later(
                            "unknown field '%1$s'; did you mean '%2$s'? (known fields: %3$s)",
                            .plain(TerminalText.truncated(member.key, width: 40)), .plain($0), .plain(known))
                    } ?? Messages.later(
                        "unknown field '%1$s' (known fields: %2$s)", .plain(TerminalText.truncated(member.key, width: 40)),
                        .plain(known)))
            }
            guard values[member.key] == nil else {
                throw fail(member.keyPosition, Messages.later("the field '%s' appears twice; keep one", .plain(member.key)))
            }
            guard let text = member.value.stringValue else {
                throw fail(
                    member.value.position,
                    Messages.later("'%1$s' must be text in double quotes, not %2$s", .plain(member.key), .said(member.value.typeSaid)))
            }
            if member.key == "format" {
                guard text == format else {
                    throw fail(member.value.position, Messages.later("'format' must be \"%s\"", .plain(format)))
                }
            } else {
                try check(text, field: member.key, at: member.value.position, file: file)
            }
            values[member.key] = text
        }
        guard values["format"] != nil else {
            throw fail(document.position, Messages.later("'format' is missing: it must be \"%s\"", .plain(format)))
        }
        guard let classId = values["classId"] else {
            throw fail(
                document.position,
                Messages.later("'classId' is missing: give the class a stable id, or delete class.json and let cardbot grade --gradebook make one"))
        }
        return ClassManifest(classId: classId, name: values["name"], rosterClassId: values["rosterClassId"])
    }

    /// Refuses an id or name that cannot key a class or title a report.
    private static func check(_ text: String, field: String, at position: SourcePosition, file: String) throws {
        func fail(_ message: MessageText) -> SessionError { SessionError(file: file, position: position, said: message) }
        if text.allSatisfy(\.isWhitespace) {
            throw fail(Messages.later("'%s' is empty; give it a value or leave the field out", .plain(field)))
        }
        if text.utf8.count > maximumTextBytes {
            throw fail(
                Messages.later("'%1$s' is %2$s bytes long; at most %3$s", .plain(field), .plain("\(text.utf8.count)"), .plain("\(maximumTextBytes)")))
        }
        if let control = ControlCharacters.saidInLine(text, field: field) {
            throw fail(control)
        }
        if field != "name", text.hasPrefix("/") {
            throw fail(Messages.later("'%s' must not start with '/': a class id is not a path", .plain(field)))
        }
    }
}
