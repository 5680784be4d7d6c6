import CardBotSupport

extension SessionError {
    /// The members of the one JSON object a session's file (`named`: session.json, corrections.json) holds.
    /// - Throws: `SessionError` naming `file` with the place of malformed JSON or of a value that is not an object.
    static func members(of bytes: [UInt8], file: String, named name: String) throws -> (document: JSONValue, members: [JSONMember]) {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw SessionError(file: file, position: error.position, said: Messages.later("malformed JSON: %s", .said(error.said)))
        }
        guard let members = document.members else {
            throw SessionError(
                file: file, position: document.position,
                said: Messages.later("a %1$s holds one JSON object, not %2$s", .plain(name), .said(document.typeSaid)))
        }
        return (document, members)
    }

    /// "unknown field 'levle'; did you mean 'level'? (known fields: ...)", the reason a session file's unknown key
    /// is refused with.
    static func unknownFieldSaid(_ key: String, known: Set<String>) -> MessageText {
        let names = known.sorted()
        guard let suggestion = NameSuggestion.nearest(to: key, in: names) else {
            return Messages.later("unknown field '%1$s' (known fields: %2$s)", .plain(TerminalText.truncated(key, width: 40)), .plain(names.joined(separator: ", ")))
        }
        return Messages.later(
            "unknown field '%1$s'; did you mean '%2$s'? (known fields: %3$s)", .plain(TerminalText.truncated(key, width: 40)),
            .plain(suggestion), .plain(names.joined(separator: ", ")))
    }
}
