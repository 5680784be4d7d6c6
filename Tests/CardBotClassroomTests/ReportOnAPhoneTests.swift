@testable import CardBotClassroom
import CardBotImaging
import CardBotTestSupport
import Foundation
import Testing

/// The class report reads on a phone (390 px) and on a desktop (1280 px) without scrolling sideways: wide tables
/// scroll inside their own box, long names and paths wrap. Measured in headless Chromium.
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
    }
}
