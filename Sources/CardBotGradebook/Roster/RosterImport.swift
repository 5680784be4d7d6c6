import CardBotSupport

/// `cardbot roster import`: roster files into a gradebook, whole or not at all.
public enum RosterImport {
    /// Reads the roster files `files` (``RosterReader``) and, when every row is right, writes them into the
    /// gradebook at `gradebook` (made when missing) in one transaction. A refused roster leaves the gradebook
    /// unchanged (and makes none).
    /// - Returns: the line that says what was imported, in the reader's language.
    /// - Throws: ``RosterError`` with every problem of every file; ``GradebookError`` for the gradebook.
    public static func run(_ files: [String], gradebook: String, cardbotVersion: String) throws -> String {
        let (roster, problems) = RosterReader.gather(files)
        if !problems.isEmpty {
            throw RosterError(problems: Gradebook.allProblems(roster, reading: problems, gradebook: gradebook))
        }
        let book = try Gradebook(path: gradebook, cardbotVersion: cardbotVersion)
        let summary = try book.importRoster(roster)
        let counts = [
            Messages.plural("%s student", "%s students", count: summary.students, summary.students),
            Messages.plural("%s class", "%s classes", count: summary.classes, summary.classes),
            Messages.plural("%s enrollment", "%s enrollments", count: summary.enrollments, summary.enrollments),
            Messages.plural("%s school", "%s schools", count: summary.schools, summary.schools),
        ]
        var line = Messages.text("roster imported into %1$s: %2$s", gradebook, counts.joined(separator: ", "))
        if summary.leftOut > 0 { line += Messages.text("; %s rows about others than students left out", summary.leftOut) }
        if summary.sessionsMatched > 0 { line += Messages.text("; %s graded sessions tied to their student by name", summary.sessionsMatched) }
        return line
    }
}
