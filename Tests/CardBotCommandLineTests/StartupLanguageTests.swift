import Testing

import CardBotCommandLine

/// The language is read from the raw command line before the argument parser reads it.
@Suite("the language of help")
struct StartupLanguageTests {
    @Test("the last --language before --, in either spelling")
    func language() {
        #expect(StartupLanguage.language(in: ["run", "--language", "da", "--level", "3"]) == "da")
        #expect(StartupLanguage.language(in: ["help", "run", "--language=da"]) == "da")
        #expect(StartupLanguage.language(in: ["--language", "en", "run", "--language", "da"]) == "da")
        #expect(StartupLanguage.language(in: ["run", "--", "--language", "da"]) == nil)
        #expect(StartupLanguage.language(in: ["run", "--language"]) == nil)
        #expect(StartupLanguage.language(in: ["run", "--level", "3"]) == nil)
    }

    @Test("help and the bare root command lose --language; every other command line is parsed as it is")
    func forParsing() {
        #expect(StartupLanguage.forParsing(["help", "run", "--language", "da"]) == ["help", "run"])
        #expect(StartupLanguage.forParsing(["--language=da", "help", "grade", "merge"]) == ["help", "grade", "merge"])
        #expect(StartupLanguage.forParsing(["--language", "da"]) == [])
        #expect(
            StartupLanguage.forParsing(["run", "--help", "--language", "da"]) == ["run", "--help", "--language", "da"])
        #expect(
            StartupLanguage.forParsing(["run", "help", "--language", "da"]) == ["run", "help", "--language", "da"])
    }
}
