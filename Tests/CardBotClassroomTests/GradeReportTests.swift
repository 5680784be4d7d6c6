import CardBotClassroom
import CardBotImaging
import CardBotSession
import CardBotTestSupport
import Foundation
import FoundationXML
import Testing

#if canImport(FoundationXML)
#endif

@Suite("Class reports: CSV, JSON, HTML, terminal table")
struct GradeReportTests {
    let grade = ClassGrade(classPath: "class <b>", grades: SampleGrades.all)

    @Test("CSV fields with commas, quotes or line breaks are quoted with doubled quotes; lines end in CRLF")
    func csvQuoting() {
        #expect(ClassCSV.quote("plain") == "plain")
        #expect(ClassCSV.quote("a,b") == "\"a,b\"")
        #expect(ClassCSV.quote("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(ClassCSV.quote("two\nlines") == "\"two\nlines\"")
        #expect(ClassCSV.line(["a", "b,c"]) == "a,\"b,c\"\r\n")
    }

    @Test("a field that starts a formula is guarded, also after a byte order mark, zero-width or format characters and spaces")
    func csvFormulaGuard() {
        #expect(ClassCSV.quote("=1+1") == "\"'=1+1\"")
        #expect(ClassCSV.quote("\u{FEFF}=1+1") == "\"'\u{FEFF}=1+1\"")
        #expect(ClassCSV.quote("\u{200B}\u{200E} -2") == "\"'\u{200B}\u{200E} -2\"")
        #expect(ClassCSV.quote("\u{00A0}\u{3000}\u{2060}@SUM(A1)") == "\"'\u{00A0}\u{3000}\u{2060}@SUM(A1)\"")
        #expect(ClassCSV.quote("\u{FEFF}\t1") == "\"'\u{FEFF}\t1\"")
        #expect(ClassCSV.quote("\u{FEFF}Maya") == "\u{FEFF}Maya")
        #expect(ClassCSV.quote("Maya =1") == "Maya =1")
        #expect(ClassCSV.quote("\u{FEFF}") == "\u{FEFF}")
    }

    @Test("the CSV round-trips: parsed back, every row gives the session's fields")
    func csvRoundTrip() {
        let text = ClassCSV.text(for: grade)
        #expect(text.hasSuffix("\r\n"))
        let records = CSVReader.records(text)
        #expect(records.first == ClassCSV.columns)
        #expect(records.count == grade.grades.count + 1)
        for (record, row) in zip(records.dropFirst(), grade.grades) {
            #expect(record == ClassCSV.fields(row))
        }
        let zoe = records.first { $0[0] == "zoe" }
        #expect(zoe?[1] == SampleGrades.tricky)
    }

    @Test("the JSON has every session's fields in a fixed order and a summary, and parses")
    func json() throws {
        let text = ClassJSON.text(for: grade)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let sessions = try #require(object["sessions"] as? [[String: Any]])
        #expect(sessions.count == 5)
        #expect(sessions.map { $0["path"] as? String } == grade.grades.map(\.path))
        let maya = try #require(sessions.first { $0["path"] as? String == "maya/level-1" })
        #expect(maya["stars"] as? Int == 3)
        #expect(maya["cards"] as? Int == 3)
        #expect(maya["unreadableFrames"] as? Int == 1)
        let first = try #require(maya["firstSuccess"] as? [String: Any])
        #expect(first["attempt"] as? Int == 2)
        #expect(first["seconds"] as? Double == 10.5)
        let omar = try #require(sessions.first { $0["path"] as? String == "omar" })
        #expect(omar["stars"] is NSNull)
        #expect(omar["error"] as? String == "omar: no level: name one with --level")
        let zoe = try #require(sessions.first { $0["path"] as? String == "zoe" })
        #expect(zoe["student"] as? String == SampleGrades.tricky)
        // Keys always come in the documented order.
        let keys = ["path", "student", "level", "levelName", "attempts", "signal", "estimated", "taps", "notes", "solved",
                    "stars", "cards", "optimal", "firstSuccess", "frames", "unreadableFrames", "finalProgram", "error"]
        let line = ClassJSON.object(grade.grades[0])
        let positions = keys.map { line.range(of: "\"\($0)\":")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["errors"] as? Int == 1)
        #expect(summary["graded"] as? Int == 4)
        #expect(ClassJSON.text(for: grade) == text)
    }

    @Test("the HTML is well-formed XML, escapes every name and lists every student")
    func html() throws {
        let text = ClassHTML.text(for: grade)
        #expect(!text.contains("<script"))
        #expect(text.contains("Zoë &lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &amp; &quot;Jo&quot;, O&#39;Hara"))
        #expect(text.contains("class &lt;b&gt;"))
        for student in ["maya", "Ned", "Omar"] { #expect(text.contains("<th scope=\"row\">\(student)</th>")) }
        #expect(text.contains("<th scope=\"col\">Not graded</th>"))
        let parser = XMLParser(data: Data(text.utf8))
        #expect(parser.parse(), "not well-formed: \(String(describing: parser.parserError))")
        #expect(!text.contains("http://") && !text.contains("https://"))
    }

    @Test("a quote or bracket followed by a combining mark is still escaped; XML-forbidden characters are replaced")
    func htmlEscapingByScalar() throws {
        let name = "\"\u{301}<\u{301}script>\u{7}"
        let grades = [SessionGrade(path: "x", student: name, level: 1, levelName: "L", stars: 0)]
        let text = ClassHTML.text(for: ClassGrade(classPath: "c", grades: grades))
        #expect(text.contains("&quot;\u{301}&lt;\u{301}script&gt;\u{FFFD}"))
        #expect(XMLParser(data: Data(text.utf8)).parse())
    }

    @Test("the terminal table has a row per student, a column per level, the level figures and the errors")
    func table() {
        let lines = ClassTable().lines(for: grade)
        #expect(lines[0] == "Class class <b>: 5 sessions, 4 students, 1 not graded")
        let header = lines.first { $0.hasPrefix("Student") } ?? ""
        #expect(header.contains("L1") && header.contains("L2"))
        let maya = lines.first { $0.hasPrefix("maya") } ?? ""
        #expect(maya.contains("★★★") && maya.contains("★★☆"))
        let ned = lines.first { $0.hasPrefix("Ned") } ?? ""
        #expect(ned.contains("☆☆☆"))
        #expect(lines.contains { $0.hasPrefix("Omar") && $0.hasSuffix("1 not graded") })
        #expect(lines.contains("  L1 First steps: 1 of 3 students solved it; median attempts 2, to solve 2"))
        #expect(lines.contains("  omar (Omar): omar: no level: name one with --level"))
        // Control characters in names cannot reach the terminal.
        #expect(!lines.joined().contains("\n"))
        #expect(!lines.contains { $0.contains("\u{1B}") })
        let colored = ClassTable(color: true).lines(for: grade)
        #expect(colored.contains { $0.contains("\u{1B}[32m") })
    }

    @Test("report formats are told by extension", arguments: [
        ("class.csv", ReportFormat.csv), ("out/Class.JSON", .json), ("a.b/report.html", .html), ("r.htm", .html),
    ])
    func formats(_ path: String, _ format: ReportFormat) {
        #expect(ReportFormat(path: path) == format)
    }

    @Test("other extensions are not report formats", arguments: ["class.txt", "class", "dir.csv/report", ".csv"])
    func unknownFormats(_ path: String) {
        #expect(ReportFormat(path: path) == nil)
    }

    @Test("a report is written whole, and replaces an older one")
    func atomicWrite() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cardbot-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("class.json").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        try ReportFormat.json.write(grade, to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == ClassJSON.text(for: grade))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["class.json"])
        #expect(throws: ImageError.self) { try ReportFormat.csv.write(grade, to: folder.appendingPathComponent("no/such.csv").path) }
    }
}

/// The class report shows what each attempt's cards were read as: a picture per card, unsure readings marked.
@Suite struct ReportEvidenceTests {
    @Test("each card read gets its picture and words; an unsure reading is outlined; a card the frame lacks has none")
    func readingsBesideTheChips() throws {
        let readings: [CardReading?] = [
            CardReading(marker: 0, confidence: 1, correctedCells: 0), CardReading(marker: 0, confidence: 0.6, correctedCells: 0), nil,
            CardReading(marker: 3, confidence: 0.98, correctedCells: 1),
        ]
        let attempt = AttemptRecord(
            number: 1, frame: "frame-0011.jpg", seconds: 5, program: ["forward", "forward", "right", "jump"], solved: false,
            reason: "bumped", message: "The robot bumped into the wall on the fourth tile of the second row; it stayed on the third tile of the second row.", readings: readings)
        let grade = SessionGrade(
            path: "kim", student: "Kim", level: 3, levelName: "Left and right", attempts: 1, solved: false, stars: 1, cards: 4,
            optimal: 8, frames: 10, finalProgram: attempt.program, shownProgram: attempt.program, history: [attempt])
        var pictures = SessionPictures()
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xD9]
        pictures.crops = [1: [jpeg, jpeg, nil, jpeg]]
        let html = ClassHTML.text(for: ClassGrade(classPath: "c", grades: [grade], pictures: ["kim": pictures]))
        #expect(html.components(separatedBy: "<img class=\"crop").count - 1 == 3)
        #expect(html.contains(#"<img class="crop" src="data:image/jpeg;base64,/9j/2Q==" alt="card 1, read as forward (100%)""#), "\(html)")
        #expect(html.contains(#"<img class="crop unsure" src="data:image/jpeg;base64,/9j/2Q==" alt="card 2, read as forward, unsure (60%): check it""#))
        #expect(!html.contains("card 3, read as"))
        #expect(html.contains(#"alt="card 4, read as jump, unsure (98%): check it""#))
        // Without pictures (a report made with none), no readings are shown.
        let bare = ClassHTML.text(for: ClassGrade(classPath: "c", grades: [grade], pictures: [:]))
        #expect(!bare.contains("class=\"crop"))
    }
}
