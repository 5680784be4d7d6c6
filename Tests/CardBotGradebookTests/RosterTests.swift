import CardBotGradebook
import CardBotSession
import CardBotSupport
import Foundation
import GRDB
import Testing

/// Rosters in: OneRoster 1.1 and Clever CSV read into the gradebook whole or not at all, names matched to
/// students without guessing, studentId in session.json.
@Suite("Roster")
struct RosterTests {
    @Test("the OneRoster sample: schools, students (two Emma Hansens), classes, dated enrollments; teachers and the district left out")
    func importOneRoster() throws {
        let roster = try RosterReader.read([RosterFixture.district])
        #expect(roster.schools.map(\.record) == [
            RosterSchool(id: "sch-north", name: "North School"), RosterSchool(id: "sch-south", name: "South School, the \"new\" one"),
        ])
        #expect(roster.students.map(\.record.id) == ["stu-1", "stu-2", "stu-3", "stu-4", "stu-5"])
        #expect(roster.students[0].record == RosterStudent(
            id: "stu-1", givenName: "Emma", familyName: "Hansen", grade: "03", schoolID: "sch-north", username: "emma.h1"))
        #expect(roster.students[1].record.fullName == "Emma Hansen" && roster.students[1].record.schoolID == "sch-south")
        // orgSourcedIds "d-1,sch-north": her school is the org that is a school.
        #expect(roster.students[2].record.schoolID == "sch-north")
        #expect(roster.classes.map(\.record.title) == ["3A Robots", "3B \"Robots\", second floor", "3C Robots afternoon"])
        #expect(roster.enrollments.filter { $0.record.studentID == "stu-3" }.map(\.record) == [
            RosterEnrollment(classID: "cls-n1", studentID: "stu-3", beginDate: "2026-08-15", endDate: "2026-11-15"),
            RosterEnrollment(classID: "cls-n2", studentID: "stu-3", beginDate: "2026-11-16"),
        ])
        #expect(roster.enrollments.count == 6 && roster.leftOut == 3)
        #expect(roster.students[0].file.hasSuffix("users.csv") && roster.students[0].line == 2)
    }

    @Test("Clever-style CSV gives the same records")
    func importClever() throws {
        let roster = try RosterReader.read([RosterFixture.clever])
        #expect(roster.students.map(\.record) == [
            RosterStudent(id: "c-1", givenName: "Emma", familyName: "Hansen", grade: "3", schoolID: "sch-north", username: "1001"),
            RosterStudent(id: "c-2", givenName: "Maya", familyName: "Berg", grade: "3", schoolID: "sch-north", username: "1002"),
        ])
        #expect(roster.classes.map(\.record) == [RosterClass(id: "sec-1", title: "3A Robots", schoolID: "sch-north")])
        #expect(roster.enrollments.map(\.record) == [
            RosterEnrollment(classID: "sec-1", studentID: "c-1"), RosterEnrollment(classID: "sec-1", studentID: "c-2"),
        ])
    }

    @Test("a malformed roster is refused whole, every problem at its line, and the gradebook is unchanged")
    func malformedRefusedWhole() throws {
        let folder = try RosterFixture.folder("bad")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let book = folder + "/term.sqlite"
        try RosterFixture.gradebook(book)
        let before = try ["student", "class", "enrollment", "school", "session"].map { try RosterFixture.rows($0, in: book) }
        let bad = folder + "/bad"
        try FileManager.default.createDirectory(atPath: bad, withIntermediateDirectories: true)
        for name in ["users.csv", "classes.csv", "enrollments.csv"] {
            try FileManager.default.copyItem(atPath: RosterFixture.district + "/" + name, toPath: bad + "/" + name)
        }
        let users = try String(contentsOfFile: bad + "/users.csv", encoding: .utf8)
        try (users + "stu-6,,,true,sch-north,student,x,,,Nofirst,,,,,,,03,\r\nstu-1,,,true,sch-north,student,d,,Dup,Licate,,,,,,,03,\r\n"
            + "stu-7,,,true,sch-north,student,x,,Bad\"quote,X,,,,,,,03,\r\nstu-8,too,few\r\nstu-9,,,true,sch-north,student,ok,,New,Student,,,,,,,03,\r\n")
            .write(toFile: bad + "/users.csv", atomically: false, encoding: .utf8)
        let enrollments = try String(contentsOfFile: bad + "/enrollments.csv", encoding: .utf8)
        try (enrollments + "e-8,,,cls-n1,sch-north,stu-9,student,,2026-13-01,\r\ne-9,,,cls-zz,sch-north,stu-9,student,,,\r\n")
            .write(toFile: bad + "/enrollments.csv", atomically: false, encoding: .utf8)

        let error = try #require(throws: RosterError.self) { try RosterImport.run([bad], gradebook: book, cardbotVersion: "test") }
        #expect(error.rosterProblems.map(\.description) == [
            "\(bad)/enrollments.csv:9: error: 'beginDate' must be a date as YYYY-MM-DD, not '2026-13-01'",
            "\(bad)/enrollments.csv:10: error: no class 'cls-zz' in the roster files or the gradebook: import its classes file too",
            "\(bad)/users.csv:8: error: 'givenName' is empty; every row needs it",
            "\(bad)/users.csv:9: error: student 'stu-1' is listed twice (first at \(bad)/users.csv:2); list each once",
            "\(bad)/users.csv:10:38: error: a quote inside an unquoted field: quote the whole field, and write a quote inside it as two (\"\")",
            "\(bad)/users.csv:11: error: this row has 3 fields and the header 18: quote a field that holds a comma",
        ])
        let printed = (error as DiagnosticError).problems.map(\.line)
        #expect(printed.last == "cardbot: error: the roster was not imported: 6 problems; correct them and import all the files again")
        let after = try ["student", "class", "enrollment", "school", "session"].map { try RosterFixture.rows($0, in: book) }
        #expect(after == before)
        #expect(!after[0].contains { $0.contains("stu-9") })

        // A refused roster makes no gradebook either.
        #expect(throws: RosterError.self) { try RosterImport.run([bad], gradebook: folder + "/new.sqlite", cardbotVersion: "test") }
        #expect(!FileManager.default.fileExists(atPath: folder + "/new.sqlite"))
    }

    @Test("names match one student or are reported: the two Emma Hansens are ambiguous, never guessed")
    func directory() throws {
        let roster = try RosterReader.read([RosterFixture.district])
        let all = StudentDirectory(roster.students.map(\.record))
        #expect(all.match("Emma Hansen") == .ambiguous(["stu-1", "stu-2"]))
        #expect(all.match("emma") == .ambiguous(["stu-1", "stu-2"]))
        #expect(all.match("  maya   BERG ") == .student("stu-3"))
        #expect(all.match("Berg, Maya") == .student("stu-3"))
        #expect(all.match("Maya") == .student("stu-3"))
        #expect(all.match("emma.h2") == .student("stu-2"))
        #expect(all.match("stu-4") == .student("stu-4"))
        #expect(all.match("Nobody") == .unknown)
        #expect(all.match("") == .unknown)
        let north = StudentDirectory(roster.students.map(\.record).filter { $0.schoolID == "sch-north" })
        #expect(north.match("Emma Hansen") == .student("stu-1"))
    }

    @Test("importing ties graded sessions without an id to their student by an unambiguous name only")
    func importTiesSessions() throws {
        let folder = try RosterFixture.folder("tie")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let book = folder + "/term.sqlite"
        try RosterFixture.record(RosterFixture.sessions, into: book)
        let line = try RosterImport.run([RosterFixture.district], gradebook: book, cardbotVersion: "test")
        #expect(line == "roster imported into \(book): 5 students, 3 classes, 6 enrollments, 2 schools; 3 rows about others than "
            + "students left out; 2 graded sessions tied to their student by name")
        let tied = try RosterFixture.rows("session", in: book).map { $0.split(separator: "|").map(String.init) }
        let ids = Dictionary(uniqueKeysWithValues: tied.map { ($0[1].trimmingCharacters(in: ["\""]), $0.last!) })
        #expect(ids == ["emma-1": "\"stu-1\"", "emma-2": "\"stu-2\"", "maya-a": "\"stu-3\"", "maya-b": "\"stu-3\"",
                        "maya-c": "\"stu-3\"", "ghost": "NULL", "zoe": "\"stu-5\""])
        // Importing again changes nothing.
        let again = try RosterFixture.rows("enrollment", in: book)
        _ = try RosterImport.run([RosterFixture.district], gradebook: book, cardbotVersion: "test")
        #expect(try RosterFixture.rows("enrollment", in: book) == again)
    }

    @Test("studentId in session.json: checked with its position, written in keeping the rest of the file")
    func manifestStudentID() throws {
        let manifest = try SessionManifest.parse(Array(#"{"student": "Emma", "studentId": "stu-1", "level": 3}"#.utf8), file: "s.json")
        #expect(manifest.studentId == "stu-1" && manifest.student == "Emma")
        #expect(manifest.jsonText().contains(#""studentId": "stu-1""#))
        for (text, message) in [
            (#"{"studentId": 42}"#, "s.json:1:15: error: 'studentId' must be the student's roster id in double quotes, not a whole number"),
            (#"{"studentId": " stu-1"}"#, "s.json:1:15: error: 'studentId' must be a roster id of 1 to 200 characters, without control characters or spaces around it"),
            (#"{"studentId": ""}"#, "s.json:1:15: error: 'studentId' must be a roster id of 1 to 200 characters, without control characters or spaces around it"),
        ] {
            let error = try #require(throws: SessionError.self) { try SessionManifest.parse(Array(text.utf8), file: "s.json") }
            #expect(error.description == message)
        }
        let pretty = "{\n    \"fps\": 2,\n    \"student\": \"Maya\"\n}\n"
        let written = try SessionManifest.settingStudentID("stu-3", in: Array(pretty.utf8), file: "s.json")
        #expect(String(decoding: written, as: UTF8.self) == "{\n    \"studentId\": \"stu-3\",\n    \"fps\": 2,\n    \"student\": \"Maya\"\n}\n")
        let compact = try SessionManifest.settingStudentID("a\"b", in: Array(#"{"level":3}"#.utf8), file: "s.json")
        #expect(String(decoding: compact, as: UTF8.self) == #"{"studentId": "a\"b", "level":3}"#)
        #expect(String(decoding: try SessionManifest.settingStudentID("x", in: Array("{ }".utf8), file: "s.json"), as: UTF8.self) == #"{"studentId": "x"}"#)
        #expect(throws: SessionError.self) { try SessionManifest.settingStudentID("other", in: written, file: "s.json") }
        #expect(try SessionManifest.settingStudentID("stu-3", in: written, file: "s.json") == written)
    }
}
