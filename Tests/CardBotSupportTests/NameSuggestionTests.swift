import CardBotSupport
import Foundation
import Testing

@Suite("did you mean")
struct NameSuggestionTests {
    @Test("edit distance counts insertions, deletions, substitutions and a swap of neighbours as one each")
    func distance() {
        #expect(NameSuggestion.distance("maya-levl-3", "maya-level-3") == 1)
        #expect(NameSuggestion.distance("rigth", "right") == 1)
        #expect(NameSuggestion.distance("", "abc") == 3)
        #expect(NameSuggestion.distance("abc", "abc") == 0)
        #expect(NameSuggestion.distance("kitten", "sitting") == 3)
    }

    @Test("the nearest of a list of names, only when it is a likely typo")
    func nearestName() {
        let cards = ["forward", "left", "right", "jump", "repeat-2"]
        #expect(NameSuggestion.nearest(to: "foward", in: cards) == "forward")
        #expect(NameSuggestion.nearest(to: "RIGTH", in: cards) == "right")
        #expect(NameSuggestion.nearest(to: "banana", in: cards) == nil)
        #expect(NameSuggestion.suffix(for: "jmup", in: cards) == "; did you mean 'jump'?")
    }

    @Test("the name beside a missing path that it is a likely typo of, or none")
    func nearestPath() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cardbot-suggest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["maya-level-3", "leo-level-9", ".hidden-level-3"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        #expect(NameSuggestion.nearest(toPath: folder.path + "/maya-levl-3") == folder.path + "/maya-level-3")
        #expect(NameSuggestion.nearest(toPath: folder.path + "/leo-level-8") == folder.path + "/leo-level-9")
        #expect(NameSuggestion.nearest(toPath: folder.path + "/zoe") == nil)
        #expect(NameSuggestion.nearest(toPath: folder.path + "/hidden-level-3") == nil, "hidden names are not suggested")
        #expect(NameSuggestion.nearest(toPath: folder.path + "/nowhere/maya-level-3") == nil)
    }
}
