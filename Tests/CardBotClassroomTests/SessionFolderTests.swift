import CardBotClassroom
import Foundation
import Testing

@Suite("Session folders")
struct SessionFolderTests {
    static func makeFolder(_ files: [String], manifest: String? = nil) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cardbot-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in files {
            try Data([0xFF, 0xD8, 0xFF]).write(to: folder.appendingPathComponent(name))
        }
        if let manifest {
            try Data(manifest.utf8).write(to: folder.appendingPathComponent("session.json"))
        }
        return folder
    }

    static func error(_ folder: URL) -> SessionError? {
        do {
            _ = try SessionFolder.open(folder.path)
            return nil
        } catch let error as SessionError {
            return error
        } catch {
            return nil
        }
    }

    @Test("frames are the folder's images in natural order, any extension case; other files are ignored")
    func listing() throws {
        let folder = try Self.makeFolder(["f10.jpg", "f2.PNG", "f1.jpeg", "notes.txt", "truth.json"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = try SessionFolder.open(folder.path)
        #expect(session.frameNames == ["f1.jpeg", "f2.PNG", "f10.jpg"])
        #expect(session.runFrames == nil)
        #expect(!session.hasManifest)
        #expect(session.manifest.fps == 1)
    }

    @Test("session.json gives the student, level, fps, an explicit order and run marks")
    func manifest() throws {
        let folder = try Self.makeFolder(
            ["a.jpg", "b.jpg", "c.jpg"],
            manifest: #"{"student":"Maya","level":3,"fps":2.5,"frames":["c.jpg","a.jpg","b.jpg"],"runs":["b.jpg","c.jpg"]}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = try SessionFolder.open(folder.path)
        #expect(session.manifest.student == "Maya")
        #expect(session.manifest.level == .number(3))
        #expect(session.manifest.fps == 2.5)
        #expect(session.frameNames == ["c.jpg", "a.jpg", "b.jpg"])
        #expect(session.runFrames == [0, 2])
    }

    @Test("a level may be a path")
    func levelPath() throws {
        let folder = try Self.makeFolder(["a.jpg"], manifest: #"{"level":"../levels/03-turns.json"}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try SessionFolder.open(folder.path).manifest.level == .path("../levels/03-turns.json"))
    }

    @Test("frame names that lead outside the folder are refused",
          arguments: [#"["../secret.jpg"]"#, #"["/etc/passwd"]"#, #"["sub/../../x.jpg"]"#])
    func outside(frames: String) throws {
        let folder = try Self.makeFolder(["a.jpg"], manifest: #"{"frames":\#(frames)}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = Self.error(folder)
        #expect(error?.file.hasSuffix("session.json") == true)
        #expect(error?.reason.contains("outside the session folder") == true || error?.reason.contains("absolute path") == true)
    }

    @Test("a symbolic link that leads out of the folder is refused")
    func linkOut() throws {
        let outside = try Self.makeFolder(["target.jpg"])
        let folder = try Self.makeFolder(["a.jpg"], manifest: #"{"frames":["a.jpg","link.jpg"]}"#)
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: outside)
        }
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("link.jpg").path,
            withDestinationPath: outside.appendingPathComponent("target.jpg").path)
        #expect(Self.error(folder)?.reason.contains("link that leads outside") == true)
        // The same link found by listing the folder is refused too.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("session.json"))
        #expect(Self.error(folder)?.reason.contains("link that leads outside") == true)
    }

    @Test("an empty folder says what a session folder holds")
    func empty() throws {
        let folder = try Self.makeFolder(["readme.txt"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = Self.error(folder)
        #expect(error?.reason.contains("no frames") == true)
        #expect(error?.file == folder.path)
    }

    @Test("a missing folder and a file instead of a folder")
    func notAFolder() throws {
        #expect(Self.error(URL(fileURLWithPath: "/nonexistent/cardbot"))?.reason == "no such folder")
        let folder = try Self.makeFolder(["a.jpg"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(Self.error(folder.appendingPathComponent("a.jpg"))?.reason.contains("not a session folder") == true)
    }

    @Test("bad session.json files name the file and the reason", arguments: [
        (#"{"student": "Maya", "#, "malformed JSON"),
        (#"{"studnet": "Maya"}"#, "unknown field 'studnet'"),
        (#"{"fps": "fast"}"#, "'fps'"),
        (#"{"fps": 0}"#, "'fps' must be"),
        (#"{"level": true}"#, "'level' must be"),
        (#"{"runs": ["nope.jpg"]}"#, "run mark 'nope.jpg' names no frame"),
        (#"[1, 2]"#, "a session.json holds one JSON object, not an array"),
    ])
    func badManifest(text: String, expected: String) throws {
        let folder = try Self.makeFolder(["a.jpg"], manifest: text)
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = Self.error(folder)
        #expect(error?.file.hasSuffix("session.json") == true)
        #expect(error?.reason.contains(expected) == true, "\(String(describing: error))")
    }
}
