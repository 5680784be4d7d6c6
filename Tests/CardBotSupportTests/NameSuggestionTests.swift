import Foundation
import Testing

@testable import CardBotSupport

@Suite("did you mean")
struct NameSuggestionTests {
    static func distance(_ a: String, _ b: String, limit: Int = 5) -> Int {
        NameSuggestion.distance(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: limit)
    }

    @Test("edit distance counts insertions, deletions and substitutions, and stops past the limit")
    func distance() {
        #expect(Self.distance("maya-levl-3", "maya-level-3") == 1)
        #expect(Self.distance("level-3", "leve1-4") == 2)
        #expect(Self.distance("", "abc") == 3)
        #expect(Self.distance("abc", "abc") == 0)
        #expect(Self.distance("kitten", "sitting") == 3)
        #expect(Self.distance("a", "abcdefgh", limit: 2) == 3, "past the limit")
    }

    @Test("the nearest name beside a missing path, within two letters, or none")
    func nearest() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cardbot-suggest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["maya-level-3", "leo-level-9", ".hidden-level-3"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        #expect(NameSuggestion.nearest(to: folder.path + "/maya-levl-3") == folder.path + "/maya-level-3")
        #expect(NameSuggestion.nearest(to: folder.path + "/leo-level-8") == folder.path + "/leo-level-9")
        #expect(NameSuggestion.nearest(to: folder.path + "/zoe") == nil)
        #expect(NameSuggestion.nearest(to: folder.path + "/hidden-level-3") == nil, "hidden names are not suggested")
        #expect(NameSuggestion.nearest(to: folder.path + "/nowhere/maya-level-3") == nil)
    }
}
