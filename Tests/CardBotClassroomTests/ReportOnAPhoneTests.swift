@testable import CardBotClassroom
import CardBotImaging
import CardBotTestSupport
import Foundation
import Testing

/// The class report reads on a phone (390 px) and on a desktop (1280 px) without scrolling sideways: wide tables
/// scroll inside their own box, long names and paths wrap; and it passes the accessibility checks (headings,
/// captions, scopes, alt text, stars in words, contrast). Measured in headless Chromium.
@Suite struct ReportOnAPhoneTests {
    static let thumbnail = try! PNGCodec.encode(RGBImage(width: 320, height: 240, fill: RGB(120, 90, 60)))
    static let map = try! PNGCodec.encode(RGBImage(width: 200, height: 160, fill: RGB(200, 200, 190)))

    /// A class of 30 sessions over 20 levels, with long names, a failed session and pictures.
    static func wideClass() -> ClassGrade {
        var grades: [SessionGrade] = []
        var pictures: [String: SessionPictures] = [:]
        let students = (1...10).map { "Maximiliane-Charlotte Vestergaard-Holm \($0)" }
        for index in 0..<30 {
            let level = index % 20 + 1
            let path = "year-four-afternoon-club/\(students[index % 10].replacingOccurrences(of: " ", with: "-"))/level-\(level)-session"
            grades.append(
                SessionGrade(
                    path: path, student: students[index % 10], level: level,
                    levelName: "A remarkably long level name for level \(level)", attempts: index % 4 + 1, solved: index % 3 != 0,
                    stars: index % 3 == 0 ? 0 : 3 - index % 2, cards: 14, optimal: 9, maxCards: 16, frames: 400,
                    finalProgram: Array(repeating: "forward", count: 14), shownProgram: Array(repeating: "forward", count: 14)))
            pictures[path] = SessionPictures(thumbnail: Self.thumbnail, map: Self.map)
        }
        grades.append(
            .failed(path: "year-four-afternoon-club/unreadable-session-with-a-very-long-folder-name", student: "Sam",
                    error: "year-four-afternoon-club/unreadable-session-with-a-very-long-folder-name/session.json:1:1: error: not JSON"))
        return ClassGrade(classPath: "year-four-afternoon-club", grades: grades, pictures: pictures)
    }

    @Test("a 30-session class over 20 levels: no sideways scroll at 390 or 1280 px", arguments: [390, 1280])
    func wideClassFits(width: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("phone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("class.html").path
        try ReportFormat.html.write(Self.wideClass(), to: page)
        let measure = try BrowserProbe.measure(page, width: width)
        #expect(measure.innerWidth == width)
        #expect(!measure.overflows, "\(measure)")
        let problems = try BrowserProbe.accessibilityProblems(page, width: width)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("the class with known mistakes: its What goes wrong part fits 390 and 1280 px and passes the accessibility checks",
          arguments: [390, 1280])
    func misconceptionsFit(width: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mistakes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("class.html").path
        let grade = ClassGrade(
            classPath: "mistakes", grades: MisconceptionsTests.grades(), levels: try MisconceptionsTests.curriculum())
        try ReportFormat.html.write(grade, to: page)
        let text = try String(contentsOfFile: page, encoding: .utf8)
        #expect(text.contains("<h2 id=\"misconceptions\">What goes wrong</h2>") && text.contains("<svg viewBox="))
        #expect(!text.contains("http://") && !text.contains("https://"), "the page needs no network")
        #expect(text.contains("turned the wrong way at the first corner"))
        let measure = try BrowserProbe.measure(page, width: width)
        #expect(!measure.overflows, "\(measure)")
        let problems = try BrowserProbe.accessibilityProblems(page, width: width)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("a report book's class page and student pages fit 390 and 1280 px and pass the accessibility checks")
    func reportBookFits() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("book-\(UUID().uuidString)")
        let files = folder.appendingPathComponent("class.files")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The book a class with more pictures than a page should embed is written as (ReportFormat.write).
        let pictures = ReportPictures(folder: "class.files", directory: files.path)
        let classPage = try ClassHTML.book(for: Self.wideClass(), classPage: "class.html", pictures: pictures)
        try Data(classPage.utf8).write(to: folder.appendingPathComponent("class.html"))
        let studentPages = try FileManager.default.contentsOfDirectory(atPath: files.path).filter { $0.hasSuffix(".html") }.sorted()
        #expect(studentPages.count == 11, "\(studentPages)")
        let pages = [folder.appendingPathComponent("class.html").path] + studentPages.prefix(2).map { files.appendingPathComponent($0).path }
        for page in pages {
            for width in [390, 1280] {
                let measure = try BrowserProbe.measure(page, width: width)
                #expect(!measure.overflows, "\((page as NSString).lastPathComponent) at \(width) px: \(measure)")
                let problems = try BrowserProbe.accessibilityProblems(page, width: width)
                #expect(problems.isEmpty, "\((page as NSString).lastPathComponent) at \(width) px:\n\(problems.joined(separator: "\n"))")
            }
        }
    }

    @Test("printed, the 30-session class shows every level and student of the grid, and every session")
    func wideClassPrints() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("print-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("class.html").path
        let grade = Self.wideClass()
        try ReportFormat.html.write(grade, to: page)
        let text = try BrowserProbe.printedText(page, pdf: folder.appendingPathComponent("class.pdf").path)
        // The grid whole on the first page, the Levels table with every level.
        let firstPage = text.components(separatedBy: "\u{0C}")[0]
        #expect(firstPage.contains("Students by level"))
        // Sam's session failed before its level was known: its cell is the grid's last column, at the right edge.
        #expect(firstPage.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.contains { $0.hasPrefix("Sam ") && $0.hasSuffix(" error") }, "\(firstPage)")
        let levelsTable = text.components(separatedBy: "Levels").dropFirst().joined()
        for level in 1...20 { #expect(levelsTable.contains("name for level \(level)\n") || levelsTable.contains("name for level \(level) "), "level \(level) cut off") }
        for row in grade.grades { #expect(text.contains(row.path.suffix(20)), "\(row.path) not printed") }
        #expect(text.components(separatedBy: "\u{0C}").count > 3)
    }
}
