import Foundation
import GRDB
import Testing

/// `grade merge` reads a part only through this cardbot's schema: a part edited to carry SQL in a column name, a
/// view in place of a table or a trigger is refused with its name and the object, and the district gradebook is
/// left as it was.
@Suite("cardbot grade merge refuses parts that are not cardbot's schema")
struct MergeShardSchemaTests {
    /// Examples/ graded as a district gradebook and as a part of another class; returns the folder, both files
    /// and the district gradebook's bytes.
    static func districtAndPart() throws -> (folder: URL, district: URL, part: URL) {
        let folder = try CLIRunner.temporaryDirectory("cardbot-merge-schema")
        let district = folder.appendingPathComponent("district.sqlite")
        let part = folder.appendingPathComponent("part.sqlite")
        let graded = try CLIRunner.run(["grade", "Examples", "--gradebook", district.path])
        try #require(graded.status == 0, "\(graded.stderr)")
        // Another class: a copy of the examples with a class id of its own.
        let otherClass = folder.appendingPathComponent("other")
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("Examples"), to: otherClass)
        try Data(#"{"format": "cardbot-class/1", "classId": "cls-other"}"#.utf8).write(to: otherClass.appendingPathComponent("class.json"))
        let other = try CLIRunner.run(["grade", otherClass.path, "--gradebook", part.path])
        try #require(other.status == 0, "\(other.stderr)")
        return (folder, district, part)
    }

    /// The students of the district gradebook's sessions.
    static func students(_ book: URL) throws -> [String] {
        try DatabaseQueue(path: book.path).read { db in try String.fetchAll(db, sql: "SELECT student FROM session ORDER BY student") }
    }

    @Test("a part whose column name carries SQL, a view for a table, a trigger or a virtual table is refused, naming it", arguments: [
        ("ALTER TABLE grading ADD COLUMN \"own_level_file\"\") VALUES (1); UPDATE session SET student='PWNED'; --\" TEXT",
         "its table 'grading' has a column 'own_level_file\") VALUES (1); UPDATE session SET student='PWNED'; --' that no CardBot gradebook has"),
        ("ALTER TABLE grading RENAME TO grading_real; CREATE VIEW grading AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i AS id FROM n",
         "holds a table 'grading_real' that no CardBot gradebook has"),
        ("CREATE TRIGGER wipe AFTER INSERT ON session BEGIN DELETE FROM session; END",
         "holds a trigger 'wipe' that no CardBot gradebook has"),
        ("CREATE VIEW extra AS SELECT 1", "holds a view 'extra' that no CardBot gradebook has"),
        ("ALTER TABLE attempt DROP COLUMN message", "its table 'attempt' lacks the column 'message'"),
    ])
    func refused(edit: String, message: String) throws {
        let (folder, district, part) = try Self.districtAndPart()
        defer { try? FileManager.default.removeItem(at: folder) }
        try DatabaseQueue(path: part.path).write { db in try db.execute(sql: edit) }
        let before = try Self.students(district)
        let merge = try CLIRunner.run(["grade", "merge", part.path, "--gradebook", district.path])
        #expect(merge.status == 2, "\(merge.stdout)")
        #expect(merge.stderr.hasPrefix("cardbot: error: \(part.path): \(message)"), "\(merge.stderr)")
        #expect(merge.stderr.hasSuffix(", so it is not merged: give the part files `cardbot grade --shard` wrote\n"), "\(merge.stderr)")
        #expect(try Self.students(district) == before)
        #expect(!before.contains("PWNED"))
    }

    @Test("an unedited part merges as before")
    func unedited() throws {
        let (folder, district, part) = try Self.districtAndPart()
        defer { try? FileManager.default.removeItem(at: folder) }
        let merge = try CLIRunner.run(["grade", "merge", part.path, "--gradebook", district.path, "--class", "cls-other"])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(try Self.students(district).count == 6, "the other class's three sessions joined the three there")
    }
}
