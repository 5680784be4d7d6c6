import CardBotSupport
import FuzzSupport

@testable import CardBotGradebook

/// libFuzzer entry: roster CSV through `CSVTable` and `RosterReader.gather` (internal: reached through @testable
/// import, which SwiftPM's debug builds allow). The first byte picks the file's name, so every kind of OneRoster
/// and Clever file is reached; the rest is the file. Every problem is told in both languages' ways (English).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoster(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = fuzzBytes(data, size)
    guard let first = bytes.first else { return 0 }
    let names = ["users.csv", "classes.csv", "enrollments.csv", "orgs.csv", "students.csv", "sections.csv", "schools.csv", "other.csv"]
    let name = names[Int(first) % names.count]
    let body = Array(bytes.dropFirst())
    let table = CSVTable(body, limits: CSVTable.Limits(records: 5_000, fields: 64, fieldBytes: 4096))
    for problem in table.problems { _ = problem.reason.english }
    let (roster, problems) = RosterReader.gather([(path: name, bytes: body)])
    for problem in problems { _ = problem.description }
    if !roster.students.isEmpty {
        let directory = StudentDirectory(roster.students.map(\.record))
        for student in roster.students { _ = directory.match(student.record.fullName) }
    }
    return 0
}
