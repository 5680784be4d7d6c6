import Foundation
import GRDB
import Testing

/// What hostile testing found (issue 60, point 10): input that was accepted when it should be refused, and errors
/// that did not say what was wrong. Each test builds its files from scratch and checks the exit status and the
/// message on standard error, or the data written.
@Suite("validation gaps found by hostile testing")
struct ValidationGapsTests {
    /// A OneRoster roster in a new folder `roster/` of a new work folder: `users` rows after the header
    /// `sourcedId,role,givenName,familyName`, one class `cls-1` and `enrollments` rows after the header
    /// `classSourcedId,userSourcedId,role,beginDate,endDate`.
    static func roster(users: [String], enrollments: [String]) throws -> URL {
        let work = try CLIRunner.temporaryDirectory("validation-gaps")
        let roster = work.appendingPathComponent("roster")
        try FileManager.default.createDirectory(at: roster, withIntermediateDirectories: true)
        try (["sourcedId,role,givenName,familyName"] + users).joined(separator: "\n").appending("\n")
            .write(to: roster.appendingPathComponent("users.csv"), atomically: true, encoding: .utf8)
        try "sourcedId,title\ncls-1,3A\n".write(to: roster.appendingPathComponent("classes.csv"), atomically: true, encoding: .utf8)
        try (["classSourcedId,userSourcedId,role,beginDate,endDate"] + enrollments).joined(separator: "\n").appending("\n")
            .write(to: roster.appendingPathComponent("enrollments.csv"), atomically: true, encoding: .utf8)
        return work
    }

    /// One session of Examples/ (`maya-level-3`) in a class folder `class/` of a new work folder, its
    /// session.json's `student` set to `student`.
    static func classWithOneSession(student: String) throws -> URL {
        let work = try CLIRunner.temporaryDirectory("validation-gaps")
        let session = work.appendingPathComponent("class/maya-level-3")
        try FileManager.default.createDirectory(at: session.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("Examples/maya-level-3"), to: session)
        let manifest = session.appendingPathComponent("session.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any])
        object["student"] = student
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: manifest)
        return work
    }

    // MARK: - 1. one id, teacher and student

    @Test("a user id listed as a teacher and as a student is an error at the second line naming the first, in either order")
    func teacherAndStudentOfOneID() throws {
        for (users, line, first, now) in [
            (["t-1,teacher,Ann,Lund", "t-1,student,Ann,Lund"], 3, "teacher", "student"),
            (["t-1,student,Ann,Lund", "t-1,teacher,Ann,Lund"], 3, "student", "teacher"),
        ] {
            let work = try Self.roster(users: users, enrollments: ["cls-1,t-1,student,,"])
            defer { try? FileManager.default.removeItem(at: work) }
            let output = try CLIRunner.run(["roster", "import", "roster", "--gradebook", "term.sqlite"], in: work)
            #expect(output.status == 2, "\(output.stdout)")
            #expect(output.stderr.hasPrefix(
                "roster/users.csv:\(line): error: user 't-1' is listed with the role '\(first)' at roster/users.csv:2 and with "
                    + "the role '\(now)' here; an id is one person: give each person their own sourcedId\n"), "\(output.stderr)")
            #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("term.sqlite").path))
        }
    }

    // MARK: - 2. strict dates

    @Test("a date no calendar has, or one with anything after it, is refused naming the file, the line, the column and the value")
    func strictDates() throws {
        let work = try Self.roster(
            users: ["s-1,student,Maya,Berg", "s-2,student,Leo,Park", "s-3,student,Zoe,Lund"],
            enrollments: ["cls-1,s-1,student,2026-02-30,", "cls-1,s-2,student,2026-01-01junk,", "cls-1,s-3,student,2024-02-29,2026-04-31"])
        defer { try? FileManager.default.removeItem(at: work) }
        let output = try CLIRunner.run(["roster", "import", "roster", "--gradebook", "term.sqlite"], in: work)
        #expect(output.status == 2)
        let lines = output.stderr.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(3)) == [
            "roster/enrollments.csv:2: error: 'beginDate' is '2026-02-30', a day no calendar has (that month has 28 days): give a real date as YYYY-MM-DD",
            "roster/enrollments.csv:3: error: 'beginDate' must be a date as YYYY-MM-DD with nothing after it, not '2026-01-01junk'",
            // 2024 is a leap year: only the end is wrong.
            "roster/enrollments.csv:4: error: 'endDate' is '2026-04-31', a day no calendar has (that month has 30 days): give a real date as YYYY-MM-DD",
        ], "\(output.stderr)")
        #expect(lines.count == 4)

        // The same days, right, are imported as written.
        try "classSourcedId,userSourcedId,role,beginDate,endDate\ncls-1,s-1,student,2026-02-28,\ncls-1,s-3,student,2024-02-29,2026-04-30\n"
            .write(to: work.appendingPathComponent("roster/enrollments.csv"), atomically: true, encoding: .utf8)
        let imported = try CLIRunner.run(["roster", "import", "roster", "--gradebook", "term.sqlite"], in: work)
        #expect(imported.status == 0, "\(imported.stderr)")
        let days = try DatabaseQueue(path: work.appendingPathComponent("term.sqlite").path).read { db in
            try Row.fetchAll(db, sql: "SELECT begin_date, end_date FROM enrollment ORDER BY student_id").map {
                [$0["begin_date"] as String?, $0["end_date"] as String?]
            }
        }
        #expect(days == [["2026-02-28", nil], ["2024-02-29", "2026-04-30"]])
    }

    // MARK: - 3. formulas behind invisible characters

    @Test("a name that starts a formula after a byte order mark or a zero-width space is guarded in every CSV written")
    func formulaBehindInvisibleCharacters() throws {
        for (student, written) in [
            ("\u{FEFF}=1+1", "\"'\u{FEFF}=1+1\""), ("\u{200E}\u{2060}+SUM(A1)", "\"'\u{200E}\u{2060}+SUM(A1)\""),
            ("\u{FEFF} @cmd", "\"'\u{FEFF} @cmd\""), ("\u{FEFF}Maya", "\u{FEFF}Maya"),
        ] {
            let work = try Self.classWithOneSession(student: student)
            defer { try? FileManager.default.removeItem(at: work) }
            let graded = try CLIRunner.run(["grade", "class", "--gradebook", "term.sqlite", "--out", "class.csv"], in: work)
            #expect(graded.status == 0, "\(graded.stderr)")
            let report = try String(contentsOf: work.appendingPathComponent("class.csv"), encoding: .utf8)
            #expect(report.components(separatedBy: "\r\n")[1].hasPrefix("maya-level-3,\(written),3,"), "\(report)")
            let exported = try CLIRunner.run(["grade", "export", "--gradebook", "term.sqlite", "--format", "csv", "--out", "grades.csv"], in: work)
            #expect(exported.status == 0, "\(exported.stderr)")
            let export = try String(contentsOf: work.appendingPathComponent("grades.csv"), encoding: .utf8)
            #expect(export.components(separatedBy: "\r\n")[1].hasPrefix(",\(written),,,"), "\(export)")
        }
    }

    // MARK: - 4. UTF-16 rosters

    @Test("a roster saved as UTF-16 (little- or big-endian, with a byte order mark or without) is read as its text")
    func utf16Roster() throws {
        let files = [
            "students.csv": "School_id,Student_id,Last_name,First_name\nsch-1,s-101,Berg,Maja\nsch-1,s-102,Øst,Åse\n",
            "sections.csv": "School_id,Section_id,Name\nsch-1,sec-3a,\"3A Robots, room 2\"\n",
            "enrollments.csv": "School_id,Section_id,Student_id\nsch-1,sec-3a,s-101\nsch-1,sec-3a,s-102\n",
        ]
        for (encoding, bom) in [(String.Encoding.utf16LittleEndian, [UInt8(0xFF), 0xFE]), (.utf16BigEndian, [0xFE, 0xFF]), (.utf16LittleEndian, [])] {
            let work = try CLIRunner.temporaryDirectory("validation-gaps")
            defer { try? FileManager.default.removeItem(at: work) }
            let roster = work.appendingPathComponent("roster")
            try FileManager.default.createDirectory(at: roster, withIntermediateDirectories: true)
            for (name, text) in files {
                try (Data(bom) + #require(text.data(using: encoding))).write(to: roster.appendingPathComponent(name))
            }
            let output = try CLIRunner.run(["roster", "import", "roster", "--gradebook", "term.sqlite"], in: work)
            #expect(output.status == 0, "\(encoding) \(bom): \(output.stderr)")
            #expect(output.stdout == "roster imported into term.sqlite: 2 students, 1 class, 2 enrollments, 0 schools\n")
            let names = try DatabaseQueue(path: work.appendingPathComponent("term.sqlite").path).read { db in
                try String.fetchAll(db, sql: "SELECT given_name || ' ' || family_name FROM student ORDER BY id")
            }
            #expect(names == ["Maja Berg", "Åse Øst"])
        }
    }

    @Test("a broken UTF-16 character is one error at its line, not dozens about columns named NUL")
    func brokenUTF16Roster() throws {
        let work = try CLIRunner.temporaryDirectory("validation-gaps")
        defer { try? FileManager.default.removeItem(at: work) }
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "School_id,Student_id,Last_name,First_name\nsch-1,s-1,Berg,".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        bytes += [0x00, 0xD8]  // a high surrogate with no low one after it
        for unit in "x\n".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        try Data(bytes).write(to: work.appendingPathComponent("students.csv"))
        let output = try CLIRunner.run(["roster", "import", "students.csv", "--gradebook", "term.sqlite"], in: work)
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix("students.csv:2:16: error: this field is not UTF-8 text"), "\(output.stderr)")
        #expect(output.stderr.split(separator: "\n").count == 2, "\(output.stderr)")
    }

    // MARK: - 5. "cannot be read" as a sentence

    @Test("a class.json or session.json that cannot be read says why in a sentence")
    func cannotBeReadSentence() throws {
        let work = try Self.classWithOneSession(student: "Maya")
        defer { try? FileManager.default.removeItem(at: work) }
        // A link inside the class folder to a file that is not there.
        try FileManager.default.createSymbolicLink(
            atPath: work.appendingPathComponent("class/class.json").path, withDestinationPath: "gone.json")
        let missing = try CLIRunner.run(["grade", "class"], in: work)
        #expect(missing.status == 2)
        #expect(missing.stderr == "cardbot: error: class/class.json: cannot be read: no such file or directory\n", "\(missing.stderr)")
        let danish = try CLIRunner.run(["grade", "class", "--language", "da"], in: work)
        #expect(danish.stderr.contains("class/class.json: kan ikke læses: filen eller mappen findes ikke"), "\(danish.stderr)")

        try FileManager.default.removeItem(at: work.appendingPathComponent("class/class.json"))
        let manifest = work.appendingPathComponent("class/maya-level-3/session.json")
        try FileManager.default.removeItem(at: manifest)
        try FileManager.default.createDirectory(at: manifest, withIntermediateDirectories: false)
        let folder = try CLIRunner.run(["run", "class/maya-level-3"], in: work)
        #expect(folder.status != 0)
        #expect(folder.stderr.contains("class/maya-level-3/session.json: cannot be read: it is a directory, not a file"), "\(folder.stderr)")
    }

    // MARK: - 6. control characters named

    @Test("a NUL or ESC in an id is named by its code, not called a line break or tab", arguments: [
        ("class.json", #"{"format": "cardbot-class/1", "classId": "a\u0000b"}"#,
         "class/class.json:1:42: error: 'classId' holds the control character U+0000 at character 2; delete it: an id or a name is one line of text, with no control characters"),
        ("class.json", #"{"format": "cardbot-class/1", "classId": "4b", "rosterClassId": "\u001B[2J"}"#,
         "class/class.json:1:65: error: 'rosterClassId' holds the control character U+001B at character 1; delete it"),
        ("maya-level-3/session.json", #"{"level": 3, "fps": 2, "runs": ["frame-0011.jpg"], "studentId": "s\u00001"}"#,
         "class/maya-level-3/session.json:1:65: error: 'studentId' holds the control character U+0000 at character 2; delete it"),
    ])
    func controlCharacterInID(file: String, text: String, expected: String) throws {
        let work = try Self.classWithOneSession(student: "Maya")
        defer { try? FileManager.default.removeItem(at: work) }
        try text.write(to: work.appendingPathComponent("class").appendingPathComponent(file), atomically: true, encoding: .utf8)
        // A class.json stops grade; a session.json is read by run (grade reports it in the session's row).
        let output = try CLIRunner.run(file == "class.json" ? ["grade", "class"] : ["run", "class/maya-level-3"], in: work)
        #expect(output.status != 0)
        #expect(output.stderr.contains(expected), "\(output.stderr)")
        #expect(!output.stderr.contains("line break or tab"))
    }

    @Test("a roster value with an ESC is named by its code; one too long says its length")
    func controlCharacterInRoster() throws {
        let long = String(repeating: "x", count: 201)
        let work = try Self.roster(users: ["s-1,student,\u{1B}[2JMaya,Berg", "s-2,student,Leo,\(long)"], enrollments: [])
        defer { try? FileManager.default.removeItem(at: work) }
        let output = try CLIRunner.run(["roster", "import", "roster/users.csv", "--gradebook", "term.sqlite"], in: work)
        #expect(output.status == 2)
        let lines = output.stderr.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(2)) == [
            "roster/users.csv:2: error: 'givenName' holds the control character U+001B at character 1; delete it: an id or a name is one line of text, with no control characters",
            "roster/users.csv:3: error: 'familyName' is 201 characters long; at most 200 are allowed",
        ], "\(output.stderr)")
    }

    // MARK: - 7. read-only gradebooks

    /// Runs cardbot with `arguments` in `directory` as a user without root's power over permissions: as `nobody`
    /// (through setpriv) when the tests run as root, else as the user running them.
    static func runUnprivileged(_ arguments: [String], in directory: URL) throws -> CLIRunner.Output {
        guard geteuid() == 0 else { return try CLIRunner.run(arguments, in: directory) }
        return try CLIRunner.run(
            ["--reuid=65534", "--regid=65534", "--clear-groups", CLIRunner.binary] + arguments, in: directory,
            executable: "/usr/bin/setpriv")
    }

    @Test(
        "a command that writes a read-only gradebook, or one in a read-only folder, says so and what to do",
        .enabled(if: geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func readOnlyGradebook() throws {
        let work = try Self.roster(users: ["s-1,student,Maya,Berg"], enrollments: ["cls-1,s-1,student,,"])
        defer {
            _ = chmod(work.appendingPathComponent("shelf").path, 0o755)
            try? FileManager.default.removeItem(at: work)
        }
        let owner = geteuid() == 0 ? uid_t(65534) : geteuid()
        // A gradebook file that is read-only, in a folder the user may write.
        let desk = work.appendingPathComponent("desk")
        try FileManager.default.createDirectory(at: desk, withIntermediateDirectories: true)
        #expect(try CLIRunner.run(["roster", "import", "../roster", "--gradebook", "term.sqlite"], in: desk).status == 0)
        #expect(chown(desk.path, owner, gid_t(owner == 65534 ? 65534 : getegid())) == 0)
        #expect(chmod(desk.appendingPathComponent("term.sqlite").path, 0o444) == 0)
        let before = try Data(contentsOf: desk.appendingPathComponent("term.sqlite"))
        let file = try Self.runUnprivileged(["roster", "import", "../roster", "--gradebook", "term.sqlite"], in: desk)
        #expect(file.status == 2)
        #expect(file.stderr == "cardbot: error: term.sqlite: the gradebook cannot be written: the file is read-only (permission denied); "
            + "make it writable (chmod u+w), or give a --gradebook you can write\n", "\(file.stderr)")
        #expect(try Data(contentsOf: desk.appendingPathComponent("term.sqlite")) == before)

        // A folder the user may not write: a new gradebook, and one whose -wal and -shm files SQLite must make.
        let shelf = work.appendingPathComponent("shelf")
        try FileManager.default.createDirectory(at: shelf, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: desk.appendingPathComponent("term.sqlite"), to: shelf.appendingPathComponent("old.sqlite"))
        #expect(chmod(shelf.appendingPathComponent("old.sqlite").path, 0o666) == 0)
        if geteuid() != 0 { #expect(chmod(shelf.path, 0o555) == 0) }
        let shown = shelf.resolvingSymlinksInPath().path
        for name in ["new.sqlite", "old.sqlite"] {
            let folder = try Self.runUnprivileged(["roster", "import", "../roster", "--gradebook", name], in: shelf)
            #expect(folder.status == 2)
            #expect(folder.stderr == "cardbot: error: \(name): the gradebook cannot be written: its folder \(shown) is read-only (permission denied), "
                + "and SQLite keeps files beside the gradebook there; make the folder writable, or give a --gradebook in a folder you can write\n",
                "\(folder.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: shelf.appendingPathComponent("new.sqlite").path))
        // grade --gradebook says the same.
        let grade = try Self.runUnprivileged(["grade", CLIRunner.packageRoot.appendingPathComponent("Examples").path, "--gradebook", "new.sqlite"], in: shelf)
        #expect(grade.status == 2)
        #expect(grade.stderr.contains("new.sqlite: the gradebook cannot be written: its folder \(shown) is read-only"), "\(grade.stderr)")
    }

    // MARK: - 8. a schema change this cardbot does not know

    @Test("a gradebook with a schema change this cardbot does not know names it and says a newer or different cardbot made it")
    func unknownMigration() throws {
        let work = try Self.roster(users: ["s-1,student,Maya,Berg"], enrollments: ["cls-1,s-1,student,,"])
        defer { try? FileManager.default.removeItem(at: work) }
        let book = work.appendingPathComponent("term.sqlite")
        #expect(try CLIRunner.run(["roster", "import", "roster", "--gradebook", "term.sqlite"], in: work).status == 0)
        // Its schema number is this cardbot's own; only the change's name tells it apart.
        try DatabaseQueue(path: book.path).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9b: lesson plans')")
        }
        let before = try Data(contentsOf: book)
        let expected = "term.sqlite: was made by a newer or different cardbot: it has the schema change 'v9b: lesson plans', which this "
            + "cardbot does not know (the last it knows is 'v9: student name keys'); use that cardbot, or update this one. "
            + "The file was left unchanged\n"
        for arguments in [["progress", "term.sqlite"], ["roster", "import", "roster", "--gradebook", "term.sqlite"]] {
            let output = try CLIRunner.run(arguments, in: work)
            #expect(output.status == 2, "\(arguments)")
            #expect(output.stderr == "cardbot: error: " + expected, "\(output.stderr)")
        }
        #expect(try Data(contentsOf: book) == before)
    }
}
