@testable import CardBotClassroom
import Foundation
import Testing

/// A large class's HTML report is a book: a class page with an index, and a folder of student pages and pictures
/// (loaded lazily); a small one stays one self-contained page.
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

    @Test("pictures over the limit make a book: a class page with an index, student pages and pictures in class.files/")
    func folder() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("report-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        let page = out.appendingPathComponent("my class.html").path
        // 200 sessions of 4 pictures of 12 KB: 9.6 MB, over the 8 MiB limit.
        let large = Self.grade(sessions: 200, bytes: 12_000)
        #expect(large.pictures.totalBytes > ReportPictures.embeddedLimit)
        #expect(!ReportPictures.fitInPage(large))
        try ReportFormat.html.write(large, to: page)
        let folder = out.appendingPathComponent("my class.files")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        // Every student here has one session: 200 student pages beside the 800 pictures.
        #expect(files.filter { $0.hasSuffix(".html") }.count == 200)
        #expect(files.filter { !$0.hasSuffix(".html") }.count == 800)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(!html.contains("<img"))
        #expect(html.utf8.count < 200_000, "\(html.utf8.count) bytes")
        // The grid and the index link to the session on its student's page.
        let sessionOne = large.grades.firstIndex { $0.path == "s1" }! + 1
        let studentOne = files.filter { $0.hasPrefix("student-") }.first { name in
            (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))?.contains("Student 1 ·") ?? false
        }
        let studentPage = try #require(studentOne)
        #expect(html.contains(#"<a href="my%20class.files/\#(studentPage)#session-\#(sessionOne)">"#))
        let student = try String(contentsOf: folder.appendingPathComponent(studentPage), encoding: .utf8)
        #expect(student.contains(#"<img src="session-\#(sessionOne)-attempt-2.gif" loading="lazy""#))
        #expect(student.contains(#"<a href="../my%20class.html">← The whole class</a>"#))
        #expect(
            try Data(contentsOf: folder.appendingPathComponent("session-\(sessionOne)-attempt-2.gif"))
                == Data(repeating: 4, count: 12_000))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["my class.files", "my class.html"])

        // The same report name for a small class: one page again, the old folder gone.
        try ReportFormat.html.write(Self.grade(sessions: 2, bytes: 100), to: page)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["my class.html"])
        #expect(try String(contentsOfFile: page, encoding: .utf8).contains("data:image/png;base64,"))
    }

    @Test("one session of 300 added attempts, 1,200 small cards as read: a book too, though its bytes fit a page")
    func manyPicturesMakeABook() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("report-count-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        var picture = SessionPictures(thumbnail: [UInt8](repeating: 1, count: 500), map: [UInt8](repeating: 2, count: 500))
        for attempt in 1...300 { picture.crops[attempt] = (1...4).map { [UInt8](repeating: UInt8($0), count: 300) } }
        let session = SessionGrade(
            path: "maya", student: "Maya", level: 3, levelName: "Around the rock", attempts: 300, solved: true, stars: 1)
        let grade = ClassGrade(classPath: "class", grades: [session], pictures: ["maya": picture])
        // 1,202 pictures of 361 KB in all: under the byte limit, over the count.
        #expect(grade.pictures.totalBytes == 1_000 + 1_200 * 300)
        #expect(grade.pictures.totalCount == 1_202)
        #expect(!ReportPictures.fitInPage(grade))
        try ReportFormat.html.write(grade, to: out.appendingPathComponent("class.html").path)
        let html = try String(contentsOf: out.appendingPathComponent("class.html"), encoding: .utf8)
        #expect(!html.contains("<img"))
        let files = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("class.files").path)
        #expect(files.filter { $0.hasSuffix(".html") }.count == 1)

        // With a quarter of the attempts the pictures fit: one page.
        picture.crops = picture.crops.filter { $0.key <= 75 }
        let small = ClassGrade(classPath: "class", grades: [session], pictures: ["maya": picture])
        #expect(small.pictures.totalCount == 302)
        #expect(ReportPictures.fitInPage(small))
    }

    @Test("a pictures folder a killed run was filling is swept by the next large report")
    func staleFolderSwept() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("report-stale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        // A process id no process has (above Linux's largest), and a half-filled folder of its.
        let stale = out.appendingPathComponent("class.files.tmp-4194303-77")
        try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: true)
        try Data([1, 2, 3]).write(to: stale.appendingPathComponent("session-1-frame.png"))
        try ReportFormat.html.write(Self.grade(sessions: 200, bytes: 12_000), to: out.appendingPathComponent("class.html").path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["class.files", "class.html"])
    }

    @Test("a student with more sessions than a page holds gets several pages, linked in turn")
    func studentOverSeveralPages() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("report-book-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        var large = Self.grade(sessions: 60, bytes: 40_000)
        large = ClassGrade(
            classPath: "class", grades: large.grades.map { var row = $0; row.student = "Ada"; return row },
            shelf: large.pictures)
        try ReportFormat.html.write(large, to: out.appendingPathComponent("class.html").path)
        let folder = out.appendingPathComponent("class.files")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".html") }.sorted()
        #expect(pages == ["student-1-2.html", "student-1-3.html", "student-1.html"])
        let second = try String(contentsOf: folder.appendingPathComponent("student-1-2.html"), encoding: .utf8)
        #expect(second.contains("Ada (2 of 3) · class report: class"))
        #expect(second.contains(#"<a href="student-1.html">← Ada</a>"#) && second.contains(#"<a href="student-1-3.html">Ada →</a>"#))
        #expect(second.components(separatedBy: #"<section class="session"#).count - 1 == StudentPages.sessionsPerPage)
    }
}
