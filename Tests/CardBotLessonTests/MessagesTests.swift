import CardBotLesson
import CardBotSupport
import Testing

@Suite("Messages: PO catalogs, plural rules, placeholders, languages")
struct MessagesTests {
    static let po = #"""
        # a comment
        msgid ""
        msgstr ""
        "Language: pl\n"
        "Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"

        msgid "Hello"
        msgstr "Cześć"

        msgctxt "facing"
        msgid "east"
        msgstr "wschód"

        #, c-format
        msgid "%s card"
        msgid_plural "%s cards"
        msgstr[0] "%s karta"
        msgstr[1] "%s karty"
        msgstr[2] "%s kart"

        #, fuzzy
        msgid "Maybe"
        msgstr "Może"

        msgid "Long "
        "text"
        msgstr "Długi "
        "\"tekst\""
        """#

    @Test("a PO file: plain, context, plural, fuzzy (left out) and continued entries")
    func catalog() throws {
        let catalog = try MessageCatalog(language: "pl", poText: Self.po)
        #expect(catalog.text("Hello") == "Cześć")
        #expect(catalog.text("east") == "east")
        #expect(catalog.text("east", context: "facing") == "wschód")
        #expect(catalog.text("Maybe") == "Maybe")
        #expect(catalog.text("Long text") == "Długi \"tekst\"")
        #expect(catalog.text("Unknown") == "Unknown")
        let forms = [1, 2, 5, 12, 22, 25, 101].map { catalog.text(singular: "%s card", plural: "%s cards", count: $0) }
        #expect(forms == ["%s karta", "%s karty", "%s kart", "%s kart", "%s karty", "%s kart", "%s kart"])
    }

    @Test("a broken PO file names the line", arguments: [
        ("msgid \"a\"\nmsgstr \"b", 2),
        ("msgid \"a\"\nmsgid_plural \"b\"\nmsgstr[1] \"c\"", 3),
        ("msgid \"a\"\n", 1),
        ("\"orphan\"", 1),
        ("msgid \"a\"\nmsgstr \"\\q\"", 2),
        ("msgid \"\"\nmsgstr \"Plural-Forms: nplurals=2; plural=n +;\\n\"", 1),
    ])
    func broken(text: String, line: Int) {
        #expect(throws: MessageCatalogError.self) { try MessageCatalog(language: "x", poText: text) }
        do {
            _ = try MessageCatalog(language: "x", poText: text)
        } catch let error as MessageCatalogError {
            #expect(error.line == line, "\(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("plural rules of several languages", arguments: [
        ("(n != 1)", 2, [0: 1, 1: 0, 2: 1, 11: 1]),
        ("0", 1, [0: 0, 1: 0, 7: 0]),
        ("(n > 1)", 2, [0: 0, 1: 0, 2: 1]),
        ("n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2", 3, [1: 0, 21: 0, 11: 2, 3: 1, 14: 2, 5: 2]),
    ])
    func plural(expression: String, count: Int, cases: [Int: Int]) throws {
        let rule = try PluralRule(expression, count: count)
        for (n, form) in cases { #expect(rule.form(for: n) == form, "n = \(n)") }
    }

    @Test("placeholders: in order, by position, and %%")
    func format() {
        #expect(Messages.format("%s of %s", [1, 2]) == "1 of 2")
        #expect(Messages.format("%2$s before %1$s", ["a", "b"]) == "b before a")
        #expect(Messages.format("100%% at %d", [3]) == "100% at 3")
        #expect(Messages.format("no values", []) == "no values")
    }

    @Test("the language: --language, else LC_ALL, LC_MESSAGES, LANG; C and English need no catalog")
    func language() {
        #expect(LanguageChoice.requested(explicit: "da", environment: ["LANG": "sv_SE"]) == "da")
        #expect(LanguageChoice.requested(explicit: nil, environment: ["LANG": "sv_SE", "LC_MESSAGES": "da_DK.UTF-8"]) == "da_DK.UTF-8")
        #expect(LanguageChoice.requested(explicit: nil, environment: ["LC_ALL": "C", "LANG": "da_DK"]) == "C")
        #expect(LanguageChoice.candidates(for: "da_DK.UTF-8@euro") == ["da_DK", "da"])
        #expect(LanguageChoice.candidates(for: "C").isEmpty)
        #expect(LanguageChoice.candidates(for: "en_GB.UTF-8").isEmpty)
    }

    @Test("a format 2 level gives its texts in several languages; the language asked for is picked")
    func translatedLevel() throws {
        let text = """
            {"format": 2, "number": 1, "name": {"en": "First steps", "da": "Første skridt"},
             "description": {"da": "Gå til målet.", "en": "Walk to the goal."}, "hint": "Count the tiles.",
             "cards": {"0": "forward"}, "tiles": ["#####", "#>.G#", "#####"]}
            """
        let result = LevelValidator(deckNames: [0: "forward"]).validate(text: text, file: "x.json")
        let level = try #require(result.level)
        #expect(level.name == "First steps")
        #expect(level.language == "en")
        let danish = level.localized(["da_DK", "da"])
        #expect(danish.name == "Første skridt")
        #expect(danish.description == "Gå til målet.")
        #expect(danish.hint == "Count the tiles.")
        #expect(level.localized(["sv"]).name == "First steps")
    }

    @Test("texts in several languages need format 2, language codes and the level's language", arguments: [
        (#"{"format": 1, "number": 1, "name": {"en": "A"}, "description": "B", "cards": {"0": "forward"}, "tiles": [">.G"]}"#,
         "'name' in several languages needs \"format\": 2"),
        (#"{"format": 2, "number": 1, "name": {"english": "A"}, "description": "B", "cards": {"0": "forward"}, "tiles": [">.G"]}"#,
         "'english' in 'name' is not a language code"),
        (#"{"format": 2, "language": "da", "number": 1, "name": {"en": "A"}, "description": "B", "cards": {"0": "forward"}, "tiles": [">.G"]}"#,
         "'name' has no text in the level's language 'da'"),
        (#"{"format": 1, "language": "da", "number": 1, "name": "A", "description": "B", "cards": {"0": "forward"}, "tiles": [">.G"]}"#,
         "'language' needs \"format\": 2"),
        (#"{"format": 3, "number": 1, "name": "A", "description": "B", "cards": {"0": "forward"}, "tiles": [">.G"]}"#,
         "unsupported format 3"),
    ])
    func translatedErrors(text: String, message: String) {
        let result = LevelValidator(deckNames: [0: "forward"]).validate(text: text, file: "x.json")
        #expect(result.diagnostics.contains { $0.message.hasPrefix(message) }, "\(result.diagnostics.map(\.message))")
    }
}

@Suite("Messages: hostile plural rules")
struct HostilePluralRuleTests {
    @Test("a rule nested thousands deep is refused, not a crash")
    func deep() {
        let open = String(repeating: "(", count: 5000)
        let close = String(repeating: ")", count: 5000)
        #expect(throws: PluralRule.ParseError.self) { try PluralRule(open + "n" + close, count: 2) }
        #expect(throws: PluralRule.ParseError.self) { try PluralRule(String(repeating: "!", count: 5000) + "n", count: 2) }
    }
}

extension HostilePluralRuleTests {
    @Test("a rule too long to be real is refused")
    func long() {
        #expect(throws: PluralRule.ParseError.self) { try PluralRule(Array(repeating: "n", count: 4000).joined(separator: "+"), count: 2) }
    }
}
