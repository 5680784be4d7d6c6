import CardBotClassroom
import CardBotSession
import CardBotSupport
import Foundation
import Testing

/// class.json: a class folder's stable id, read back exactly, refused with its place when malformed, and made once
/// however many graders start at once.
@Suite struct ClassManifestTests {
    static func parse(_ text: String) throws -> ClassManifest {
        try ClassManifest.parse(Array(text.utf8), file: "cls/class.json")
    }

    /// The error `text` gives, as printed.
    static func error(_ text: String) -> String {
        do {
            _ = try parse(text)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test("every field read; the key is the roster class when given, else the class's own id; written and read back")
    func fields() throws {
        let full = try Self.parse(#"{"format": "cardbot-class/1", "classId": "cls-1", "name": "4B Tuesday club", "rosterClassId": "sec-4b"}"#)
        #expect(full == ClassManifest(classId: "cls-1", name: "4B Tuesday club", rosterClassId: "sec-4b"))
        #expect(full.key == "sec-4b")
        #expect(try Self.parse(full.jsonText()) == full)
        let plain = try Self.parse(#"{"classId": "cls-2", "format": "cardbot-class/1"}"#)
        #expect(plain.key == "cls-2" && plain.name == nil && plain.rosterClassId == nil)
        let fresh = ClassManifest.fresh()
        #expect(fresh.classId.count == 4 + 24 && fresh.classId.hasPrefix("cls-"))
        #expect(fresh.classId != ClassManifest.fresh().classId)
        #expect(try Self.parse(fresh.jsonText()) == fresh)
    }

    @Test(
        "a malformed class.json is refused with its line and column",
        arguments: [
            (#"{"classId": "x"}"#, "cls/class.json:1:1: error: 'format' is missing"),
            (#"{"format": "cardbot-class/2", "classId": "x"}"#, #"cls/class.json:1:12: error: 'format' must be "cardbot-class/1""#),
            ("{\"format\": \"cardbot-class/1\",\n \"klassId\": \"x\"}", "cls/class.json:2:2: error: unknown field 'klassId'; did you mean 'classId'?"),
            (#"{"format": "cardbot-class/1", "classId": "a", "classId": "b"}"#, "cls/class.json:1:47: error: the field 'classId' appears twice"),
            (#"{"format": "cardbot-class/1", "classId": "  "}"#, "cls/class.json:1:42: error: 'classId' is empty"),
            (#"{"format": "cardbot-class/1", "classId": "a\tb"}"#, "cls/class.json:1:42: error: 'classId' holds the control character U+0009 (a tab) at character 2"),
            (#"{"format": "cardbot-class/1", "classId": "a\u0000b"}"#, "cls/class.json:1:42: error: 'classId' holds the control character U+0000 at character 2; delete it"),
            (#"{"format": "cardbot-class/1", "classId": "ab", "name": "\u001B[2J"}"#, "error: 'name' holds the control character U+001B at character 1"),
            (#"{"format": "cardbot-class/1", "classId": "a", "rosterClassId": "/srv/4b"}"#, "error: 'rosterClassId' must not start with '/'"),
            (#"{"format": "cardbot-class/1", "classId": "a", "name": null}"#, "error: 'name' must be text in double quotes, not null"),
            (#"["cls-1"]"#, "cls/class.json:1:1: error: a class.json holds one JSON object"),
            (#"{"format": "cardbot-class/1", "classId": "a""#, "cls/class.json:1:"),
        ])
    func refused(text: String, expected: String) {
        let said = Self.error(text)
        #expect(said.contains(expected), "\(said)")
    }

    @Test("an id longer than 256 bytes is refused")
    func tooLong() {
        let id = String(repeating: "x", count: 257)
        #expect(Self.error(#"{"format": "cardbot-class/1", "classId": "\#(id)"}"#).contains("'classId' is 257 bytes long; at most 256"))
    }

    @Test("a folder without class.json gets one, made once by eight graders starting at once, all agreeing on its id")
    func madeOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("class-manifest-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try ClassManifest.read(folder: folder.path) == nil)
        let ids = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            ids.add((try? ClassManifest.make(in: folder.path).classId) ?? "failed")
        }
        #expect(Set(ids.values).count == 1 && !ids.values.contains("failed"), "\(ids.values)")
        #expect(try ClassManifest.read(folder: folder.path)?.classId == ids.values.first)
        // Only class.json is left: no temporary file beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["class.json"])
        // The class folder keys the class by it; without class.json, by its canonical path.
        let identity = ClassIdentity(folder: "/srv/4b", manifest: ClassManifest(classId: "cls-1", rosterClassId: "sec-4b"))
        #expect(identity.key == "sec-4b" && identity.source == .rosterClass && identity.formerKeys == ["/srv/4b", "cls-1"])
        #expect(ClassIdentity(folder: "/srv/4b", manifest: nil).key == "/srv/4b")
    }
}

/// Strings gathered from several threads.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func add(_ value: String) { lock.withLock { stored.append(value) } }
    var values: [String] { lock.withLock { stored } }
}
