import CardBotClassroom
import Foundation
import Testing

/// A large class's HTML report is the page and a folder of its pictures, linked and loaded lazily; a small one
/// stays one self-contained page.
@Suite struct ReportPicturesFolderTests {
    /// A class of `sessions` solved sessions, each with a thumbnail, a map and two replays of `bytes` bytes each.
    static func grade(sessions: Int, bytes: Int) -> ClassGrade {
        var grades: [SessionGrade] = []
        var pictures: [String: SessionPictures] = [:]
        for index in 1...sessions {
            let path = "s\(index)"
            grades.append(SessionGrade(path: path, student: "Student \(index)", level: 1, levelName: "First steps", attempts: 2, solved: true, stars: 3))
            var picture = SessionPictures(thumbnail: [UInt8](repeating: 1, count: bytes), map: [UInt8](repeating: 2, count: bytes))
            picture.replays = [(attempt: 1, gif: [UInt8](repeating: 3, count: bytes)), (attempt: 2, gif: [UInt8](repeating: 4, count: bytes))]
            pictures[path] = picture
        }
        return ClassGrade(classPath: "class", grades: grades, pictures: pictures)
    }

    @Test("pictures over the limit go to class.files/, linked from a small page; a later small report removes the folder")
    func folder() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("report-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        let page = out.appendingPathComponent("my class.html").path
        // 200 sessions of 4 pictures of 12 KB: 9.6 MB, over the 8 MiB limit.
        let large = Self.grade(sessions: 200, bytes: 12_000)
        #expect(ReportPictures.totalBytes(large) > ReportPictures.embeddedLimit)
        try ReportFormat.html.write(large, to: page)
        let folder = out.appendingPathComponent("my class.files")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.count == 800)
        #expect(try Data(contentsOf: folder.appendingPathComponent("session-1-attempt-2.gif")) == Data(repeating: 4, count: 12_000))
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(!html.contains("data:image"))
        #expect(html.contains(#"<img src="my%20class.files/session-1-frame.png" loading="lazy""#))
        #expect(html.utf8.count < 1_000_000, "\(html.utf8.count) bytes")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["my class.files", "my class.html"])

        // The same report name for a small class: one page again, the old folder gone.
        try ReportFormat.html.write(Self.grade(sessions: 2, bytes: 100), to: page)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["my class.html"])
        #expect(try String(contentsOfFile: page, encoding: .utf8).contains("data:image/png;base64,"))
    }
}
