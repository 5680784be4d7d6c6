/// A small strict JSON parser (RFC 8259) that keeps the line and column of every value.
///
/// Nesting is limited to ``maximumDepth`` so that hostile input cannot exhaust the stack.
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses one JSON document from UTF-8 bytes.
    /// - Throws: ``JSONParseError`` naming the first problem and its position.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        // A byte order mark is tolerated at the very start.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.index < bytes.count {
            throw parser.error(Messages.later("extra text after the end of the JSON value"))
        }
        return value
    }

    /// Parses one JSON document from a string.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    // MARK: - Values

    private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard let byte = peek() else { throw error(Messages.later("unexpected end of file; expected a value")) }
        let start = position
        switch byte {
        case UInt8(ascii: "{"):
            return JSONValue(try parseObject(depth: depth + 1), at: start)
        case UInt8(ascii: "["):
            return JSONValue(try parseArray(depth: depth + 1), at: start)
        case UInt8(ascii: "\""):
            let (string, verbatim) = try parseString()
            return JSONValue(.string(string, verbatim: verbatim), at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(.number(try parseNumber()), at: start)
        case UInt8(ascii: "t"):
            try expectWord("true")
            return JSONValue(.bool(true), at: start)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return JSONValue(.bool(false), at: start)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return JSONValue(.null, at: start)
        default:
            throw error(Messages.later("unexpected %s; expected a value (an object, array, string, number, true, false or null)", describe(byte)))
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue.Kind {
        if depth > Self.maximumDepth { throw error(Messages.later("objects and arrays are nested more than %s deep", .plain("\(Self.maximumDepth)"))) }
        advance()  // {
        var members: [JSONMember] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            advance()
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard let byte = peek() else { throw error(Messages.later("unexpected end of file inside an object; expected a key or '}'")) }
            guard byte == UInt8(ascii: "\"") else {
                if byte == UInt8(ascii: "}") && !members.isEmpty { throw error(Messages.later("trailing comma before '}'")) }
                throw error(Messages.later("unexpected %s; expected a key in double quotes", describe(byte)))
            }
            let keyPosition = position
            let (key, _) = try parseString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else {
                throw error(
                    peek() == nil
                        ? Messages.later("unexpected end of file; expected ':' after the key \"%s\"", .plain(key))
                        : Messages.later("expected ':' after the key \"%s\"", .plain(key)))
            }
            advance()
            skipWhitespace()
            let value = try parseValue(depth: depth)
            members.append(JSONMember(key: key, keyPosition: keyPosition, value: value))
            skipWhitespace()
            guard let next = peek() else { throw error(Messages.later("unexpected end of file inside an object; expected ',' or '}'")) }
            if next == UInt8(ascii: ",") {
                advance()
                continue
            }
            if next == UInt8(ascii: "}") {
                advance()
                return .object(members)
            }
            throw error(Messages.later("expected ',' or '}' after the value of \"%s\"", .plain("\(key)")))
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue.Kind {
        if depth > Self.maximumDepth { throw error(Messages.later("objects and arrays are nested more than %s deep", .plain("\(Self.maximumDepth)"))) }
        advance()  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            advance()
            return .array(elements)
        }
        while true {
            skipWhitespace()
            if peek() == UInt8(ascii: "]") && !elements.isEmpty { throw error(Messages.later("trailing comma before ']'")) }
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard let next = peek() else { throw error(Messages.later("unexpected end of file inside an array; expected ',' or ']'")) }
            if next == UInt8(ascii: ",") {
                advance()
                continue
            }
            if next == UInt8(ascii: "]") {
                advance()
                return .array(elements)
            }
            throw error(Messages.later("expected ',' or ']' after an array element"))
        }
    }

    private mutating func parseString() throws(JSONParseError) -> (String, Bool) {
        let start = position
        advance()  // "
        var utf8: [UInt8] = []
        var verbatim = true
        while true {
            guard let byte = peek() else {
                throw JSONParseError(position: start, said: Messages.later("unterminated string; add the closing '\"'"))
            }
            if byte == UInt8(ascii: "\"") {
                advance()
                break
            }
            if byte < 0x20 {
                if byte == UInt8(ascii: "\n") {
                    throw JSONParseError(position: start, said: Messages.later("unterminated string; add the closing '\"' before the end of the line"))
                }
                throw error(Messages.later("control character in a string; write it as an escape such as \\t"))
            }
            if byte == UInt8(ascii: "\\") {
                verbatim = false
                let escapeStart = position
                advance()
                guard let escape = peek() else { throw error(Messages.later("unexpected end of file in an escape")) }
                switch escape {
                case UInt8(ascii: "\""): utf8.append(0x22)
                case UInt8(ascii: "\\"): utf8.append(0x5C)
                case UInt8(ascii: "/"): utf8.append(0x2F)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    advance()
                    var scalar = try parseHex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard peek() == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "u") else {
                            throw error(Messages.later("a high surrogate \\u escape must be followed by a low surrogate"))
                        }
                        advance(); advance()
                        let low = try parseHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error(Messages.later("invalid low surrogate in a \\u escape")) }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw error(Messages.later("a lone low surrogate in a \\u escape"))
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw error(Messages.later("invalid \\u escape")) }
                    utf8.append(contentsOf: Array(String(Character(unicode)).utf8))
                    continue
                default:
                    throw JSONParseError(position: escapeStart, said: Messages.later("invalid escape '\\%s'; use one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", .plain("\(describeRaw(escape))")))
                }
                advance()
                continue
            }
            utf8.append(byte)
            advance()
        }
        guard let string = String(validating: utf8, as: UTF8.self) else {
            throw JSONParseError(position: start, said: Messages.later("the string is not valid UTF-8"))
        }
        return (string, verbatim)
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek() else { throw error(Messages.later("unexpected end of file in a \\u escape")) }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error(Messages.later("a \\u escape needs four hexadecimal digits"))
            }
            value = value * 16 + digit
            advance()
        }
        return value
    }

    private mutating func parseNumber() throws(JSONParseError) -> String {
        let startIndex = index
        let start = position
        if peek() == UInt8(ascii: "-") { advance() }
        guard let first = peek(), isDigit(first) else {
            throw JSONParseError(position: start, said: Messages.later("invalid number: expected a digit after '-'"))
        }
        if first == UInt8(ascii: "0") {
            advance()
            if let next = peek(), isDigit(next) {
                throw JSONParseError(position: start, said: Messages.later("invalid number: leading zeros are not allowed"))
            }
        } else {
            while let d = peek(), isDigit(d) { advance() }
        }
        if peek() == UInt8(ascii: ".") {
            advance()
            guard let d = peek(), isDigit(d) else { throw error(Messages.later("invalid number: expected a digit after '.'")) }
            while let d = peek(), isDigit(d) { advance() }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            advance()
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { advance() }
            guard let d = peek(), isDigit(d) else { throw error(Messages.later("invalid number: expected a digit in the exponent")) }
            while let d = peek(), isDigit(d) { advance() }
        }
        return String(decoding: bytes[startIndex..<index], as: UTF8.self)
    }

    private mutating func expectWord(_ word: String) throws(JSONParseError) {
        let start = position
        for byte in word.utf8 {
            guard peek() == byte else {
                throw JSONParseError(position: start, said: Messages.later("unexpected text; expected a value (did you mean %s? strings need double quotes)", .plain("\(word)")))
            }
            advance()
        }
        if let next = peek(), isLetter(next) {
            throw JSONParseError(position: start, said: Messages.later("unexpected text; expected a value (strings need double quotes)"))
        }
    }

    // MARK: - Bytes and positions

    private var position: SourcePosition { SourcePosition(line: line, column: column) }

    private func peek(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            // Continuation bytes of a UTF-8 sequence do not start a new column.
            column += 1
        }
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            if byte == 0x0D {
                index += 1  // a CR of CRLF is not a column
                continue
            }
            advance()
        }
    }

    private func error(_ said: MessageText) -> JSONParseError {
        JSONParseError(position: position, said: said)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    private func describe(_ byte: UInt8) -> MessageText.Value {
        if byte >= 0x21 && byte < 0x7F { return .plain("'\(Character(Unicode.Scalar(byte)))'") }
        if byte >= 0x80 { return .said(Messages.later("non-ASCII text")) }
        return .said(Messages.later("the control character 0x%s", .plain(String(byte, radix: 16, uppercase: true))))
    }

    private func describeRaw(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? String(Character(Unicode.Scalar(byte))) : "?"
    }

}
