import CardBotSupport
import Foundation

/// Reads roster files (OneRoster 1.1 CSV: `orgs.csv`, `users.csv`, `classes.csv`, `enrollments.csv`; Clever-style
/// CSV: `schools.csv`, `students.csv`, `sections.csv`, `enrollments.csv`) into a ``Roster``, checking every row.
///
/// A folder given is read as the roster files in it. Rows that are not about students (teachers, orgs that are
/// not schools, `status` `tobedeleted`) are left out and counted. Every problem of every file is gathered; any
/// problem refuses the whole roster (``RosterError``).
public enum RosterReader {
    /// The largest roster file read, in bytes (a district's users.csv of a million students is some 150 MB).
    public static let maximumFileBytes = 512 << 20

    /// The most rows of a roster file below its header (a district's million students).
    public static let maximumRows = 1_000_000

    /// The file names read from a folder.
    static let knownNames = ["orgs.csv", "schools.csv", "users.csv", "students.csv", "classes.csv", "sections.csv", "enrollments.csv"]

    /// Reads `paths` (files, or folders of roster files).
    /// - Throws: ``RosterError`` with every problem found: a file that cannot be read or is not a roster file, a
    ///   CSV syntax error, a missing column, a row with the wrong number of fields, an empty or bad value, an id
    ///   listed twice.
    public static func read(_ paths: [String]) throws(RosterError) -> Roster {
        let (roster, problems) = gather(paths)
        guard problems.isEmpty else { throw RosterError(problems: problems) }
        return roster
    }

    /// The roster `paths` give (rows with problems left out) and every problem, sorted by file and line.
    public static func gather(_ paths: [String]) -> (Roster, [RosterProblem]) {
        var problems: [RosterProblem] = []
        var contents: [(path: String, bytes: [UInt8])] = []
        for path in expand(paths, problems: &problems) {
            var bytes: [UInt8] = []
            do {
                try RegularFile.read(path, into: &bytes, maxBytes: maximumFileBytes)
            } catch {
                let reason = error.kind == .tooLarge
                    ? Messages.later("is larger than %s MB: split the roster by school", .number(maximumFileBytes >> 20))
                    : error.cannotBeRead
                problems.append(RosterProblem(file: path, line: 0, reason))
                continue
            }
            contents.append((path, bytes))
        }
        let (roster, more) = gather(contents)
        return (roster, RosterProblem.sorted(problems + more))
    }

    /// The roster in files already read (`path` names each, its last part tells its kind) and every problem.
    /// Each file is read twice as it is needed, never kept as a table: its header first (which tells its kind), then
    /// its rows one at a time in the order of kinds, after which its bytes are let go (a district's users.csv is a
    /// million rows).
    static func gather(_ given: consuming [(path: String, bytes: [UInt8])]) -> (Roster, [RosterProblem]) {
        var contents = given
        var problems: [RosterProblem] = []
        let limits = CSVTable.Limits(records: maximumRows + 1)
        func report(_ found: [CSVProblem], in path: String) {
            problems += found.map { RosterProblem(file: path, line: $0.position.line, column: $0.position.column, $0.reason) }
        }
        var files: [(kind: RosterFileKind, index: Int, columns: [String: Int], header: Int)] = []
        for index in contents.indices {
            let path = contents[index].path
            var first: CSVRecord?
            let before = CSVTable.forEachRecord(in: contents[index].bytes, limits: limits) {
                first = $0
                return false
            }
            guard let header = first else {
                report(before, in: path)
                problems.append(RosterProblem(file: path, line: 0, Messages.later("is empty: a roster file starts with a header row")))
                contents[index].bytes = []
                continue
            }
            var columns: [String: Int] = [:]
            for (column, name) in header.fields.enumerated() {
                let key = RosterFileKind.key(name.trimmingCharacters(in: .whitespaces))
                if columns[key] != nil {
                    problems.append(RosterProblem(file: path, line: header.line, Messages.later("the column '%s' is given twice", .plain(name))))
                }
                columns[key] = columns[key] ?? column
            }
            let name = (path as NSString).lastPathComponent
            // A file that is refused has its rows left unread, but what is broken in it is still said.
            func refuse(_ reason: MessageText) {
                problems.append(RosterProblem(file: path, line: header.line, reason))
                report(CSVTable.forEachRecord(in: contents[index].bytes, limits: limits) { _ in true }, in: path)
                contents[index].bytes = []
            }
            guard let kind = RosterFileKind.detect(fileName: name, header: Set(columns.keys)) else {
                refuse(Messages.later(
                    "not a roster file: give OneRoster orgs.csv, users.csv, classes.csv, enrollments.csv or Clever schools.csv, students.csv, sections.csv, enrollments.csv"))
                continue
            }
            let missing = kind.required.filter { columns[RosterFileKind.key($0)] == nil }
            if !missing.isEmpty {
                refuse(Messages.later(
                    "%1$s needs the columns %2$s; it lacks %3$s", .plain(kind.title),
                    .plain(kind.required.joined(separator: ", ")), .plain(missing.joined(separator: ", "))))
                continue
            }
            files.append((kind, index, columns, header.fields.count))
        }
        // Schools first, then students, classes and enrollments, so that each can name the ones before.
        var builder = RosterBuilder()
        for file in files.sorted(by: { $0.kind < $1.kind }) {
            let path = contents[file.index].path
            var isHeader = true
            let found = CSVTable.forEachRecord(in: contents[file.index].bytes, limits: limits) { record in
                if isHeader {
                    isHeader = false
                    return true
                }
                var row = RosterRow(record: record, columns: file.columns, file: path)
                if record.fields.count != file.header {
                    row.problem(Messages.later(
                        "this row has %1$s fields and the header %2$s: quote a field that holds a comma", .number(record.fields.count),
                        .number(file.header)))
                } else {
                    builder.add(&row, kind: file.kind)
                }
                problems += row.problems
                return true
            }
            contents[file.index].bytes = []
            report(found, in: path)
        }
        return (builder.roster, RosterProblem.sorted(problems))
    }

    /// The files of `paths`: a folder gives the roster files in it (a problem when it has none).
    static func expand(_ paths: [String], problems: inout [RosterProblem]) -> [String] {
        var files: [String] = []
        for path in paths {
            guard FileSystem.kind(path) == .directory else {
                files.append(path)
                continue
            }
            let inside = ((try? FileSystem.names(in: path)) ?? []).filter { knownNames.contains($0.lowercased()) }.sorted()
            if inside.isEmpty {
                problems.append(RosterProblem(file: path, line: 0, Messages.later(
                    "has no roster files (users.csv, classes.csv, enrollments.csv, or students.csv, sections.csv, enrollments.csv)")))
            }
            files += inside.map { FileSystem.join(path, $0) }
        }
        return files
    }
}
