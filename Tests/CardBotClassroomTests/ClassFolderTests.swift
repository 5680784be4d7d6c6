import CardBotClassroom
import CardBotSession
import Foundation
import Testing

@Suite("Class folders")
struct ClassFolderTests {
    static func makeClass(_ files: [String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cardbot-class-\(UUID().uuidString)")
        for file in files {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data([0]).write(to: url)
        }
        return root
    }

    @Test("every folder holding frames or a session.json is a session; students come from the layout")
    func discovery() throws {
        let root = try Self.makeClass([
            "maya/level-10/f1.jpg", "maya/level-3/f1.PNG", "leo-level-9/f1.jpeg", "ana/session.json",
            "notes/readme.txt", ".hidden/f1.jpg", "x/y/z/w/f1.png",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = try ClassFolder.discover(root.path)
        #expect(folder.entries.map(\.relativePath) == ["ana", "leo-level-9", "maya/level-3", "maya/level-10", "x/y/z/w"])
        #expect(folder.entries.map(\.folderStudent) == ["ana", "leo-level-9", "maya", "maya", "z"])
        #expect(folder.entries[2].path == root.appendingPathComponent("maya/level-3").path)
    }

    @Test("a folder deeper than the search goes is a row that says so, never dropped in silence")
    func tooDeep() throws {
        let deep = "a/b/c/d/e/f/g/h/i/maya"
        let root = try Self.makeClass(["leo/f1.jpg", deep + "/f1.jpg"])
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = try ClassFolder.discover(root.path)
        #expect(folder.entries.map(\.relativePath) == ["a/b/c/d/e/f/g/h/i", "leo"])
        #expect(folder.entries[0].problem?.english == "more than 8 folders below the class folder, so not searched for sessions; move them up")
        #expect(folder.entries[1].problem == nil)
    }

    @Test("a class folder that is itself a session is one session named after the folder")
    func rootSession() throws {
        let root = try Self.makeClass(["f1.jpg"])
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = try ClassFolder.discover(root.path)
        #expect(folder.entries.map(\.relativePath) == ["."])
        #expect(folder.entries.first?.folderStudent == root.lastPathComponent)
    }

    @Test("a missing class folder or a file is refused with its path")
    func refused() throws {
        let root = try Self.makeClass(["f1.jpg"])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(throws: SessionError(file: root.appendingPathComponent("nope").path, reason: "no such folder")) {
            try ClassFolder.discover(root.appendingPathComponent("nope").path)
        }
        #expect(throws: SessionError.self) { try ClassFolder.discover(root.appendingPathComponent("f1.jpg").path) }
    }

    @Test("links to folders are not followed, so a loop cannot trap the search")
    func links() throws {
        let root = try Self.makeClass(["a/f1.jpg"])
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("a/loop").path, withDestinationPath: root.path)
        let folder = try ClassFolder.discover(root.path)
        #expect(folder.entries.map(\.relativePath) == ["a"])
    }
}
