import CardBotSupport
import Testing

@Suite("JSON parser")
struct JSONParserTests {
    @Test("values keep their line and column")
    func positions() throws {
        let json = try JSONParser.parse("{\n  \"a\": [1, true],\n  \"bé\": \"x\", \"c\": null\n}")
        let members = try #require(json.members)
        #expect(json.position == SourcePosition(line: 1, column: 1))
        #expect(members.map(\.key) == ["a", "bé", "c"])
        #expect(members[0].keyPosition == SourcePosition(line: 2, column: 3))
        #expect(members[0].value.position == SourcePosition(line: 2, column: 8))
        let elements = try #require(members[0].value.elements)
        #expect(elements[0].intValue == 1)
        #expect(elements[1].position == SourcePosition(line: 2, column: 12))
        // Columns count characters, not bytes: "bé" is 4 columns wide with its quotes.
        #expect(members[1].value.position == SourcePosition(line: 3, column: 9))
        #expect(members[1].value.stringValue == "x")
        #expect(members[2].keyPosition == SourcePosition(line: 3, column: 14))
    }

    @Test("strings decode escapes and say whether they were verbatim")
    func strings() throws {
        let json = try JSONParser.parse(#"["a\"b\\c\n\u00e9\ud83d\ude00", "plain"]"#)
        let elements = try #require(json.elements)
        guard case .string(let escaped, let verbatim) = elements[0].kind else { Issue.record("not a string"); return }
        #expect(escaped == "a\"b\\c\né😀")
        #expect(verbatim == false)
        guard case .string(_, let plain) = elements[1].kind else { Issue.record("not a string"); return }
        #expect(plain)
    }

    @Test("numbers: integers, fractions and exponents")
    func numbers() throws {
        let json = try JSONParser.parse("[0, -12, 3.5, 1e3]")
        let elements = try #require(json.elements)
        #expect(elements.map(\.intValue) == [0, -12, nil, nil])
        #expect(elements[2].typeDescription == "a number with a fraction")
    }

    @Test(
        "malformed JSON is reported at its position",
        arguments: [
            ("{\"a\": 1,}", 1, 9, "trailing comma before '}'"),
            ("[1, 2,]", 1, 7, "trailing comma before ']'"),
            ("{\"a\" 1}", 1, 6, "expected ':' after the key \"a\""),
            ("{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3, "expected ',' or '}' after the value of \"a\""),
            ("[1 2]", 1, 4, "expected ',' or ']' after an array element"),
            ("{\"a\": \"oops}", 1, 7, "unterminated string; add the closing '\"'"),
            ("{'a': 1}", 1, 2, "unexpected ''';"),
            ("[01]", 1, 2, "invalid number: leading zeros are not allowed"),
            ("[1.]", 1, 4, "invalid number: expected a digit after '.'"),
            ("[\"a\\q\"]", 1, 4, "invalid escape '\\q'"),
            ("[tru]", 1, 2, "unexpected text; expected a value"),
            ("{} x", 1, 4, "extra text after the end of the JSON value"),
            ("", 1, 1, "unexpected end of file; expected a value"),
            ("{\"a\": [1, 2", 1, 12, "unexpected end of file inside an array"),
        ])
    func malformed(text: String, line: Int, column: Int, message: String) {
        #expect {
            _ = try JSONParser.parse(text)
        } throws: { error in
            guard let error = error as? JSONParseError else { return false }
            return error.position == SourcePosition(line: line, column: column) && error.message.hasPrefix(message)
        }
    }

    @Test("deep nesting is refused, never a stack overflow")
    func deepNesting() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect {
            _ = try JSONParser.parse(text)
        } throws: { error in
            (error as? JSONParseError)?.message.contains("nested more than \(JSONParser.maximumDepth) deep") == true
        }
        let ok = String(repeating: "[", count: JSONParser.maximumDepth) + String(repeating: "]", count: JSONParser.maximumDepth)
        #expect(throws: Never.self) { _ = try JSONParser.parse(ok) }
    }

    @Test("JSONText.quote escapes what JSON needs")
    func quote() throws {
        let quoted = JSONText.quote("a\"b\\c\nd\u{1}")
        #expect(quoted == #""a\"b\\c\nd\u0001""#)
        let parsed = try JSONParser.parse(quoted)
        #expect(parsed.stringValue == "a\"b\\c\nd\u{1}")
    }
}
