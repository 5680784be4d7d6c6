import CardBotSupport

extension SessionCorrections {
    /// Parses `corrections.json`'s bytes with the positioned JSON parser session.json uses.
    /// - Throws: `SessionError` naming `file` and the line and column of the first problem: malformed JSON, another
    ///   format, an unknown or repeated field, a wrong type or value, an attempt corrected twice, too many entries.
    public static func parse(_ bytes: [UInt8], file: String) throws -> SessionCorrections {
        func fail(_ position: SourcePosition, _ message: MessageText) -> SessionError {
            SessionError(file: file, position: position, said: message)
        }
        let (document, members) = try SessionError.members(of: bytes, file: file, named: "corrections.json")
        var format: String?
        var list: JSONValue?
        for member in members {
            switch member.key {
            case "format":
                guard format == nil else { throw fail(member.keyPosition, Messages.later("the field '%s' is given twice", .plain("format"))) }
                format = member.value.stringValue ?? ""
                guard format == Self.format else {
                    throw fail(member.value.position, Messages.later("'format' must be \"%s\"", .plain(Self.format)))
                }
            case "corrections":
                guard list == nil else { throw fail(member.keyPosition, Messages.later("the field '%s' is given twice", .plain("corrections"))) }
                list = member.value
            default:
                throw fail(member.keyPosition, SessionError.unknownFieldSaid(member.key, known: ["format", "corrections"]))
            }
        }
        guard format != nil else { throw fail(document.position, Messages.later("'format' is missing: it must be \"%s\"", .plain(Self.format))) }
        guard let list else { return SessionCorrections() }
        guard let elements = list.elements else {
            throw fail(list.position, Messages.later("'corrections' must be a list of corrections, not %s", .said(list.typeSaid)))
        }
        guard elements.count <= maximumCorrections else {
            throw fail(
                list.position,
                Messages.later("'corrections' lists %1$s corrections; at most %2$s", .number(elements.count), .number(maximumCorrections)))
        }
        var corrections: [Correction] = []
        var seen: [Int: Int] = [:]
        var addedCount = 0
        for (index, element) in elements.enumerated() {
            let correction = try Self.correction(element, number: index + 1, file: file)
            if let added = correction.added {
                addedCount += 1
                guard addedCount <= maximumAddedAttempts else {
                    throw fail(
                        element.position,
                        Messages.later(
                            "correction %1$s adds attempt number %2$s; a lesson holds at most %3$s added attempts: delete the ones that are not attempts",
                            .number(index + 1), .number(addedCount), .number(maximumAddedAttempts)))
                }
                if let earlier = corrections.firstIndex(where: { $0.isSameAttempt(as: correction) }) {
                    throw fail(
                        element.position,
                        Messages.later(
                            "correction %1$s adds an attempt at %2$s s again (correction %3$s did); one attempt a moment", .number(index + 1),
                            .decimal(secondsText(added)), .number(earlier + 1)))
                }
                corrections.append(correction)
                continue
            }
            if let earlier = seen[correction.attempt] {
                throw fail(
                    element.position,
                    Messages.later(
                        "correction %1$s corrects attempt %2$s again (correction %3$s did); one correction an attempt", .number(index + 1),
                        .number(correction.attempt), .number(earlier)))
            }
            seen[correction.attempt] = index + 1
            corrections.append(correction)
        }
        return SessionCorrections(corrections)
    }

    /// Entry `number` of the list.
    private static func correction(_ element: JSONValue, number: Int, file: String) throws -> Correction {
        func fail(_ position: SourcePosition, _ message: MessageText) -> SessionError {
            SessionError(file: file, position: position, said: Messages.later("correction %1$s: %2$s", .number(number), .said(message)))
        }
        guard let members = element.members else {
            throw fail(
                element.position,
                Messages.later("must be an object such as {\"attempt\": 2, \"program\": \"forward jump\"}, not %s", .said(element.typeSaid)))
        }
        var attempt: Int?
        var added: Double?
        var strings: [String: String] = [:]
        var change: Correction.Change?
        var programPosition = element.position
        var seen: Set<String> = []
        for member in members {
            guard Self.fields.contains(member.key) else {
                throw fail(member.keyPosition, SessionError.unknownFieldSaid(member.key, known: Self.fields))
            }
            guard seen.insert(member.key).inserted else {
                throw fail(member.keyPosition, Messages.later("the field '%s' is given twice", .plain(member.key)))
            }
            let value = member.value
            switch member.key {
            case "attempt":
                guard let number = value.intValue, number >= 1, number <= 1_000_000 else {
                    throw fail(value.position, Messages.later("'attempt' must be an attempt's number, from 1"))
                }
                attempt = number
            case "added":
                guard let seconds = value.numberText.flatMap(Double.init), seconds.isFinite, seconds >= 0, seconds <= 86_400 else {
                    throw fail(
                        value.position,
                        Messages.later("'added' must be the added attempt's time in seconds from the start of the recording, such as 42.5"))
                }
                added = seconds
            case "notAnAttempt":
                guard case .bool(true) = value.kind else { throw fail(value.position, Messages.later("'notAnAttempt' can only be true")) }
                guard change == nil else { throw fail(member.keyPosition, Messages.later("give either 'program' or 'notAnAttempt', not both")) }
                change = .notAnAttempt
            default:
                guard let text = value.stringValue else {
                    throw fail(value.position, Messages.later("'%1$s' must be a string, not %2$s", .plain(member.key), .said(value.typeSaid)))
                }
                guard text.utf8.count <= maximumTextBytes else {
                    throw fail(
                        value.position,
                        Messages.later("'%1$s' is %2$s bytes long; at most %3$s", .plain(member.key), .number(text.utf8.count), .number(maximumTextBytes)))
                }
                if member.key == "program" {
                    guard change == nil else { throw fail(member.keyPosition, Messages.later("give either 'program' or 'notAnAttempt', not both")) }
                    change = .program(text)
                    programPosition = value.position
                } else {
                    strings[member.key] = text
                }
            }
        }
        if attempt != nil, added != nil {
            throw fail(element.position, Messages.later("give either 'attempt' (an attempt CardBot read) or 'added' (one it missed), not both"))
        }
        guard attempt != nil || added != nil else {
            throw fail(
                element.position,
                Messages.later("'attempt' is missing: which attempt does it correct? (or 'added': when did the child run a program CardBot missed?)"))
        }
        guard let change else {
            if added != nil {
                throw fail(element.position, Messages.later("adds an attempt without its cards: give 'program' (the cards the child ran)"))
            }
            throw fail(element.position, Messages.later("says no change: give 'program' (the cards the child laid) or \"notAnAttempt\": true"))
        }
        if added != nil, change == .notAnAttempt {
            throw fail(element.position, Messages.later("an added attempt cannot be \"notAnAttempt\": delete the entry instead"))
        }
        var correction = Correction(
            attempt: attempt ?? 0, added: added, frame: strings["frame"], change: change, read: strings["read"], by: strings["by"], at: strings["at"])
        correction.position = element.position
        correction.programPosition = programPosition
        return correction
    }
}
