import CardBotClassroom
import CardBotImaging
import CardBotLesson
import CardBotSession
import CardBotSupport
import Foundation
import Testing

/// A report names the files of a failed session from inside the class folder, however the folder was typed.
@Suite struct ClassFolderErrorTextTests {
    @Test("files inside the class are named from it, as typed or absolute; files outside and reasons are left as written")
    func filesNamedFromTheClass() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("errortext-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/class/maya", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data("{\"level\": 3}".utf8).write(to: URL(fileURLWithPath: root + "/class/maya/session.json"))
        let typed = try ClassFolder.discover(root + "/class/./")
        let session = typed.entries[0].path + "/session.json"
        #expect(
            typed.errorText(SessionError(file: session, position: SourcePosition(line: 1, column: 2), reason: "'level' is wrong"))
                == "maya/session.json:1:2: error: 'level' is wrong")
        #expect(
            typed.errorText(ImageError(.corrupt, file: FileSystem.absolute(root + "/class") + "/maya/f 1.png", reason: "not a PNG"))
                == "maya/f 1.png: not a PNG")
        let level = LevelLoadError(
            file: typed.entries[0].path + "/level.json",
            diagnostics: [LevelProblem(file: typed.entries[0].path + "/level.json", position: SourcePosition(line: 3, column: 5), message: "no start")])
        #expect(typed.errorText(level) == "maya/level.json:3:5: error: no start")
        // Outside the class (a level beside it), and a reason that quotes a path: as written.
        let outside = SessionError(file: root + "/levels/7.json", reason: "the file \(root)/class/maya is odd")
        #expect(typed.errorText(outside) == outside.description)
        // A folder whose name only begins like the class's is not inside it.
        #expect(typed.errorText(SessionError(file: root + "/classic/x.json", reason: "bad")) == "\(root)/classic/x.json: bad")
    }
}
