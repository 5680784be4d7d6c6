import CardBotSession
import Foundation
import Testing

@Suite("Recorded sessions: stills, video, manifest")
struct RecordedSessionTests {
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
            _ = try RecordedSession.open(folder.path)
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
        let session = try RecordedSession.open(folder.path)
        #expect(session.frameNames == ["f1.jpeg", "f2.PNG", "f10.jpg"])
        #expect(session.runMarks == nil)
        #expect(!session.hasManifest)
        #expect(session.manifest.fps == nil)
        #expect(session.source == .stills(
            names: session.frameNames, paths: session.framePaths, fps: RecordedSession.defaultStillsFPS))
    }

    @Test("session.json gives the student, level, fps, an explicit order and run marks")
    func manifest() throws {
        let folder = try Self.makeFolder(
            ["a.jpg", "b.jpg", "c.jpg"],
            manifest: #"{"student":"Maya","level":3,"fps":2.5,"frames":["c.jpg","a.jpg","b.jpg"],"runs":["b.jpg","c.jpg"]}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = try RecordedSession.open(folder.path)
        #expect(session.manifest.student == "Maya")
        #expect(session.manifest.level == .number(3))
        #expect(session.manifest.fps == 2.5)
        #expect(session.frameNames == ["c.jpg", "a.jpg", "b.jpg"])
        // Run marks are times: c.jpg is shown at 0 s, b.jpg at 2 / 2.5 s.
        #expect(session.runMarks == [0, 0.8])
    }

    @Test("a level may be a path")
    func levelPath() throws {
        let folder = try Self.makeFolder(["a.jpg"], manifest: #"{"level":"../levels/03-turns.json"}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try RecordedSession.open(folder.path).manifest.level == .path("../levels/03-turns.json"))
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
        #expect(Self.error(URL(fileURLWithPath: "/nonexistent/cardbot"))?.reason.hasPrefix("no such folder") == true)
        let folder = try Self.makeFolder(["a.jpg"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(Self.error(folder.appendingPathComponent("a.jpg"))?.reason.contains("not a session folder") == true)
    }

    @Test("bad session.json files name the file and the reason", arguments: [
        (#"{"student": "Maya", "#, "malformed JSON"),
        (#"{"studnet": "Maya"}"#, "unknown field 'studnet'; did you mean 'student'? (known fields: fps, frames, level, runs, student, studentId, video)"),
        (#"{"fps": "fast"}"#, "'fps'"),
        (#"{"fps": 0}"#, "'fps' must be the stills' frames per second, from 0.01"),
        (#"{"fps": -2}"#, "'fps' must be"),
        (#"{"fps": 1e-18}"#, "1e-18 is not"),
        (#"{"fps": 5000}"#, "to 240"),
        (#"{"runs": [12, 5e119, 40]}"#, "'runs' entry 2 must be a time in seconds from the start, 0 to 86400"),
        (#"{"level": true}"#, "'level' must be"),
        (#"{"runs": ["nope.jpg"]}"#, "run mark 'nope.jpg' names no frame"),
        (#"[1, 2]"#, "a session.json holds one JSON object, not an array"),
        (#"{"runs": 5}"#, "'runs' must be a list of frame names, or of times in seconds for a video session"),
        (#"{"runs": [1, "a.jpg"]}"#, "'runs' must be a list of frame names, or of times in seconds for a video session"),
        (#"{"runs": [1, -2]}"#, "'runs' entry 2 must be a time in seconds from the start, 0 to 86400 (a day)"),
        (#"{"runs": [1e999]}"#, "'runs' entry 1 must be a time in seconds from the start, 0 to 86400 (a day)"),
        (#"{"runs": [1.5]}"#, "'runs' holds times in seconds, which only a video session has"),
        (#"{"video": 3}"#, "'video' must be the name of a video file"),
        (#"{"video": ""}"#, "'video' must be the name of a video file"),
        (#"{"video": "../clip.mp4"}"#, "video '../clip.mp4' leads outside the session folder"),
        (#"{"video": "clip.mp4", "frames": ["a.jpg"]}"#, "names both 'video' and 'frames'"),
        (#"{"video": "clip.mp4", "runs": ["a.jpg"]}"#, "'runs' of a video session are times in seconds"),
    ])
    func badManifest(text: String, expected: String) throws {
        let folder = try Self.makeFolder(["a.jpg"], manifest: text)
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = Self.error(folder)
        #expect(error?.file.hasSuffix("session.json") == true)
        #expect(error?.reason.contains(expected) == true, "\(String(describing: error))")
    }

    @Test("a video session's session.json: the video's name and run marks in seconds, read back as written")
    func videoManifest() throws {
        let text = #"{"student": "Maya", "level": 3, "video": "lesson.mp4", "runs": [12.5, 40]}"#
        let manifest = try SessionManifest.parse(Array(text.utf8), file: "session.json")
        #expect(manifest.video == "lesson.mp4")
        #expect(manifest.runSeconds == [12.5, 40])
        #expect(manifest.runs == nil)
        let written = manifest.jsonText()
        #expect(!written.contains("fps"))
        #expect(try SessionManifest.parse(Array(written.utf8), file: "session.json") == manifest)
    }

    @Test("a bad run time is placed by line and column")
    func runTimePosition() throws {
        let text = "{\n  \"video\": \"lesson.mp4\",\n  \"runs\": [1, -2]\n}"
        let error = #expect(throws: SessionError.self) {
            _ = try SessionManifest.parse(Array(text.utf8), file: "session.json")
        }
        #expect(error?.description.hasPrefix("session.json:3:15: error: 'runs' entry 2") == true, "\(String(describing: error))")
    }
}

@Suite("Recorded sessions: sources and the content that identifies them")
struct RecordedSessionSourceTests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cardbot-source-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("one input names the kind of recording: a folder, a video file, frame files, or - for a stream")
    func inputs() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data([1, 2, 3]).write(to: folder.appendingPathComponent("lesson.mp4"))
        #expect(try RecordedSession.open(inputs: ["-"]).source == .stream)
        let byFolder = try RecordedSession.open(inputs: [folder.path])
        #expect(byFolder.videoPath == folder.appendingPathComponent("lesson.mp4").path)
        #expect(byFolder.isVideo)
        let byFile = try RecordedSession.open(inputs: [folder.appendingPathComponent("lesson.mp4").path])
        #expect(byFile.source == .video(path: folder.appendingPathComponent("lesson.mp4").path))
        let a = folder.appendingPathComponent("a.jpg").path, b = folder.appendingPathComponent("b.png").path
        try Data([1]).write(to: URL(fileURLWithPath: a))
        let frames = try RecordedSession.open(inputs: [a, b])
        #expect(frames.frameNames == [a, b], "one missing frame of several is skipped when read, not refused")
        #expect(!frames.isVideo)
        #expect(throws: SessionError.self, "when none of the inputs exists, it is a mistyped name, not a session") {
            try RecordedSession.open(inputs: [folder.appendingPathComponent("c.jpg").path, "d.png"])
        }
    }

    @Test("a missing video file is a missing file, not a missing folder")
    func missingVideo() {
        #expect(throws: SessionError.self) { try RecordedSession.open("/nonexistent/lesson.mov") }
        do {
            _ = try RecordedSession.open("/nonexistent/lesson.mov")
        } catch let error as SessionError {
            #expect(error.reason == "no such video file")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("two videos that differ have different fingerprints, with or without a session.json")
    func videoFingerprint() throws {
        let one = try Self.folder()
        let two = try Self.folder()
        defer {
            try? FileManager.default.removeItem(at: one)
            try? FileManager.default.removeItem(at: two)
        }
        // Larger than one hashing chunk, differing only in the last byte.
        var bytes = [UInt8](repeating: 7, count: SessionFingerprint.videoChunkBytes + 100)
        try Data(bytes).write(to: one.appendingPathComponent("lesson.mp4"))
        bytes[bytes.count - 1] = 8
        try Data(bytes).write(to: two.appendingPathComponent("lesson.mp4"))
        let first = SessionFingerprint(try RecordedSession.open(one.path))
        let second = SessionFingerprint(try RecordedSession.open(two.path))
        #expect(first.value != second.value)
        #expect(first.files.map(\.name) == ["lesson.mp4"])
        #expect(first.files.first?.size == bytes.count)
        // The same video again is the same fingerprint; a session.json changes it.
        #expect(SessionFingerprint(try RecordedSession.open(one.path)).value == first.value)
        try Data(#"{"level": 3}"#.utf8).write(to: one.appendingPathComponent("session.json"))
        let withManifest = SessionFingerprint(try RecordedSession.open(one.path))
        #expect(withManifest.files.map(\.name) == ["session.json", "lesson.mp4"])
        #expect(withManifest.value != first.value)
    }

    @Test("the stills' fingerprint covers every frame's bytes")
    func stillsFingerprint() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data([1, 2, 3]).write(to: folder.appendingPathComponent("f1.jpg"))
        try Data([4, 5, 6]).write(to: folder.appendingPathComponent("f2.jpg"))
        let before = SessionFingerprint(try RecordedSession.open(folder.path))
        try Data([4, 5, 7]).write(to: folder.appendingPathComponent("f2.jpg"))
        let after = SessionFingerprint(try RecordedSession.open(folder.path))
        #expect(before.files.map(\.name) == ["f1.jpg", "f2.jpg"])
        #expect(before.value != after.value)
    }
}
