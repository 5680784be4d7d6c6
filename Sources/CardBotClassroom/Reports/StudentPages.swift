import Foundation

/// The pages of a large class's report book, in the pictures folder beside the class page: one per student in
/// report order (`class.files/student-1.html`...), a student with more than ``sessionsPerPage`` sessions on several
/// (`student-1.html`, `student-1-2.html`...), and where each session is found in them.
struct StudentPages {
    /// Sessions on one page at most: about 25 sessions with their pictures open in a browser at once.
    static let sessionsPerPage = 24

    /// One page: a student's sessions (indexes into the grades), the page's part of them and how many parts.
    struct Page {
        var student: String
        var file: String
        var rows: [Int]
        var part: Int
        var parts: Int
    }

    /// The pages, in report order.
    let pages: [Page]
    /// Each session's anchor (`session-12`) by its path: the same numbering as a one-page report.
    let anchors: [String: String]
    /// Each session's link from the class page (`class.files/student-3.html#session-12`) by its path.
    let links: [String: String]

    /// The pages of `grades` (in report order) in the folder named `folder` beside the class page.
    init(_ grades: [SessionGrade], folder: String) {
        var students: [String] = []
        var rowsOf: [String: [Int]] = [:]
        for (index, row) in grades.enumerated() {
            if rowsOf[row.student] == nil { students.append(row.student) }
            rowsOf[row.student, default: []].append(index)
        }
        var pages: [Page] = []
        var anchors: [String: String] = [:]
        var links: [String: String] = [:]
        let prefix = ReportPictures.link(to: folder) + "/"
        for (number, student) in students.enumerated() {
            let rows = rowsOf[student] ?? []
            let parts = (rows.count + Self.sessionsPerPage - 1) / Self.sessionsPerPage
            for part in 0..<parts {
                let file = part == 0 ? "student-\(number + 1).html" : "student-\(number + 1)-\(part + 1).html"
                let share = Array(rows[(part * Self.sessionsPerPage)..<min(rows.count, (part + 1) * Self.sessionsPerPage)])
                pages.append(Page(student: student, file: file, rows: share, part: part, parts: parts))
                for index in share {
                    let anchor = "session-\(index + 1)"
                    anchors[grades[index].path] = anchor
                    links[grades[index].path] = prefix + file + "#" + anchor
                }
            }
        }
        self.pages = pages
        self.anchors = anchors
        self.links = links
    }
}
