#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CardBotImaging
import CardBotSupport

/// Makes the cards of a new deck: from a standard ArUco dictionary, from a patterns file (one bit string per
/// marker), or from pictures; `DeckWriter` then writes them out.
public enum DeckMaker {
    /// The cards for `ids` of `dictionary` (all of its ids when nil), named by `names` (`m<id>` when nil).
    /// - Throws: `DeckError` when an id is not in the dictionary, names and ids do not pair up, a name is not valid,
    ///   or the markers cannot be told apart (every problem is named, see `DeckCheck`).
    public static func cards(dictionary: ArUcoDictionary, ids: [Int]?, names: [String]?) throws -> [DeckCard] {
        let ids = ids ?? Array(dictionary.codes.indices)
        for id in ids where !dictionary.codes.indices.contains(id) {
            throw DeckError(
                .malformed, file: dictionary.name,
                said: Messages.later("has no marker %1$s; its ids are 0 to %2$s", .number(id), .number(dictionary.codes.count - 1)))
        }
        let codes = ids.map { MarkerCode(size: dictionary.gridSize, cells: dictionary.cells(of: $0)!) }
        return try cards(
            codes: codes, ids: ids, names: names, source: dictionary.name, hint: Messages.later("leave those markers out with --ids"))
    }

    /// The cards of a patterns file: one marker per line as a bit string of N x N digits, row by row from the
    /// top-left cell, `1` for white and `0` for black (N from 4 to 8, the same for every line). Rows may be
    /// separated by `/`, `_` or spaces; `#` starts a comment; blank lines are skipped.
    /// Ids default to 0, 1, 2... in line order; names to `m<id>`.
    /// - Throws: `DeckError` naming the file and line of a bad pattern, or the markers that cannot be told apart.
    public static func cards(patternsFile path: String, ids: [Int]?, names: [String]?) throws -> [DeckCard] {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, maxBytes: 4 << 20)
        } catch let error as ImageError {
            throw DeckError(error.kind == .notFound ? .notFound : .unreadable, file: path, said: error.said)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw DeckError(.malformed, file: path, said: Messages.later("is not UTF-8 text; write one bit string per line"))
        }
        let codes = try patterns(text, file: path)
        if let ids, ids.count != codes.count {
            throw DeckError(
                .malformed, file: path,
                said: Messages.later(
                    "holds %1$s but %2$s given with --ids; give one id per pattern",
                    .said(codes.count == 1 ? Messages.later("1 pattern") : Messages.later("%s patterns", .number(codes.count))),
                    .said(ids.count == 1 ? Messages.later("1 id was") : Messages.later("%s ids were", .number(ids.count)))))
        }
        return try cards(
            codes: codes, ids: ids ?? Array(codes.indices), names: names, source: path, hint: Messages.later("change or remove those patterns"))
    }

    /// The codes of a patterns file's text.
    public static func patterns(_ text: String, file: String) throws -> [MarkerCode] {
        var codes: [MarkerCode] = []
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Substring(rawLine)
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let trimmed = trim(line)
            if trimmed.isEmpty { continue }
            guard let code = MarkerCode(bitString: trimmed) else {
                let digits = trimmed.filter { $0 == "0" || $0 == "1" }.count
                let other = trimmed.first { !"01 _/\t\r".contains($0) }
                let shown = TerminalText.truncated(trimmed, width: 80)
                let why =
                    other.map {
                        Messages.later("the pattern '%1$s' has the character '%2$s'; a pattern is only 0 (black) and 1 (white)", .plain(shown), .plain(String($0)))
                    }
                    ?? Messages.later(
                        "the pattern '%1$s' has %2$s digits; a pattern has 16, 25, 36, 49 or 64 (a 4x4 to 8x8 grid)", .plain(shown), .number(digits))
                throw DeckError(.malformed, file: "\(file):\(lineNumber)", said: why)
            }
            if let first = codes.first, first.size != code.size {
                throw DeckError(
                    .malformed, file: "\(file):\(lineNumber)",
                    said: Messages.later(
                        "this pattern is %1$sx%1$s but the first is %2$sx%2$s; all markers of a deck use one grid size", .number(code.size),
                        .number(first.size)))
            }
            codes.append(code)
        }
        guard !codes.isEmpty else {
            throw DeckError(
                .malformed, file: file, said: Messages.later("holds no patterns; write one bit string per line, such as 1011010011100101"))
        }
        return codes
    }

    /// Picture cards from image files: each picture is the inside of a marker, named after its file (lower-cased,
    /// other characters turned into dashes) unless `names` are given; ids count from `firstId`.
    public static func cards(pictureFiles files: [String], firstId: Int = 0, names: [String]?) throws -> [DeckCard] {
        if let names, names.count != files.count {
            throw DeckError(
                .malformed, file: files.first ?? "<pictures>",
                said: Messages.later(
                    "%1$s pictures but %2$s names were given with --names; give one name per picture", .number(files.count), .number(names.count)))
        }
        var cards: [DeckCard] = []
        for (index, file) in files.enumerated() {
            let picture = try MarkerPicture(image: MarkerReference.readImage(file), file: file)
            let name = names?[index] ?? Self.name(fromFile: file)
            guard Deck.isValidName(name) else {
                throw DeckError(.malformed, file: file, said: invalidName(name))
            }
            let id = firstId + index
            cards.append(
                DeckCard(
                    marker: id, name: name, title: Self.title(from: name), description: "", image: "pictures/\(id)-\(name).png",
                    picture: picture))
        }
        return cards
    }

    /// Parses an id list such as `0-13,20,22`.
    public static func ids(_ text: String) -> [Int]? {
        var ids: [Int] = []
        for part in text.split(separator: ",") {
            let piece = trim(part)
            if let dash = piece.firstIndex(of: "-"), dash != piece.startIndex {
                guard let low = Int(piece[..<dash]), let high = Int(piece[piece.index(after: dash)...]), low >= 0, low <= high,
                    high - low < 100_000
                else { return nil }
                ids += Array(low...high)
            } else {
                guard let id = Int(piece), id >= 0 else { return nil }
                ids.append(id)
            }
        }
        return ids.isEmpty ? nil : ids
    }

    private static func cards(
        codes: [MarkerCode], ids: [Int], names: [String]?, source: String, hint: MessageText
    ) throws -> [DeckCard] {
        if let names, names.count != ids.count {
            throw DeckError(
                .malformed, file: source,
                said: Messages.later(
                    "%1$s but %2$s given with --names; give one name per marker",
                    .said(ids.count == 1 ? Messages.later("1 marker") : Messages.later("%s markers", .number(ids.count))),
                    .said(names.count == 1 ? Messages.later("1 name was") : Messages.later("%s names were", .number(names.count)))))
        }
        var cards: [DeckCard] = []
        cards.reserveCapacity(ids.count)
        for (index, id) in ids.enumerated() {
            let name = names?[index] ?? "m\(id)"
            guard Deck.isValidName(name) else {
                throw DeckError(.malformed, file: source, said: invalidName(name))
            }
            cards.append(
                DeckCard(
                    marker: id, name: name, title: Self.title(from: name), description: "", image: "markers/\(id)-\(name).png",
                    code: codes[index]))
        }
        try check(cards, source: source, hint: hint)
        return cards
    }

    /// Throws a `DeckError` naming every problem (up to ten, then how many more) when the cards are not a deck.
    public static func check(_ cards: [DeckCard], source: String, hint: MessageText? = nil) throws {
        let problems = DeckCheck(cards: cards).problems
        guard let first = problems.first else { return }
        let hint = hint ?? Messages.later("leave those markers out with --ids")
        // One line per problem (up to ten), each told in the reader's language: a message of messages.
        var parts: [MessageText.Value] = problems.prefix(10).map { .said($0.said) }
        var template = Array(repeating: "%s", count: parts.count).joined(separator: "\n  ")
        if problems.count > 1 {
            template = "%s\n  " + template
            parts.insert(.said(Messages.later("%s problems:", .number(problems.count))), at: 0)
        }
        if problems.count > 10 {
            template += "\n  %s"
            parts.append(.said(Messages.later("... and %s more", .number(problems.count - 10))))
        }
        template += "\n  (%s)"
        parts.append(.said(hint))
        throw DeckError(first.kind, file: source, said: MessageText(template: template, values: parts))
    }

    /// Why a card name is refused.
    private static func invalidName(_ name: String) -> MessageText {
        Messages.later("the name '%s' must be lower-case letters, digits and dashes", .plain(TerminalText.truncated(name, width: 70)))
    }

    /// `text` without spaces, tabs and carriage returns at either end.
    static func trim(_ text: Substring) -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) }) else {
            return ""
        }
        return String(text[first...last])
    }

    /// A title from a card name: dashes to spaces, the first letter upper-case.
    static func title(from name: String) -> String {
        let spaced = String(name.map { $0 == "-" ? " " : $0 })
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }

    /// A card name from a file name: the stem, lower-cased, anything but letters and digits turned into dashes.
    static func name(fromFile file: String) -> String {
        var stem = file.split(separator: "/").last.map(String.init) ?? file
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = String(stem[..<dot]) }
        var name = ""
        for scalar in stem.lowercased().unicodeScalars {
            let ok = (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9")
            if ok {
                name.unicodeScalars.append(scalar)
            } else if !name.isEmpty && !name.hasSuffix("-") {
                name += "-"
            }
        }
        while name.hasSuffix("-") { name.removeLast() }
        return name.isEmpty ? "picture" : name
    }
}
