import CardBotClassroom
import CardBotLesson
import CardBotSupport

extension TermProgress {
    /// The term's progress recorded in the gradebook at `path` (read only), with what goes wrong in its attempts
    /// (``misconceptions``: of a merged district's gradebook, the district's), along the unlock chain of the levels in
    /// `levelsDirectory`; only `student`'s (a name or a roster id) when given, only the students of roster school
    /// `school` and the sessions of roster class `rosterClass` (on the days its students were in it) when given.
    /// - Throws: ``GradebookError`` for a gradebook that cannot be read, ``LevelLoadError`` for a levels folder
    ///   that cannot be listed, a ``Problem`` for a student the gradebook has no sessions of.
    /// - Parameter anonymise: Show the students by pseudonyms only (``anonymised(_:)``).
    public static func recorded(
        in path: String, levelsDirectory: String, student: String?, rosterClass: String? = nil, school: String? = nil,
        anonymise: Anonymisation? = nil
    ) throws -> TermProgress {
        let sessions = try ProgressSession.filtered(
            try ProgressSession.all(inGradebook: path), gradebook: path, rosterClass: rosterClass, school: school)
        let catalog = try LevelCatalog(directory: levelsDirectory)
        if let student, !sessions.contains(where: { $0.isOf(student) }) {
            throw Problem(file: path, Messages.text("no sessions of student '%s'", TerminalText.truncated(student, width: 80)))
        }
        var progress = TermProgress(sessions: sessions, catalog: catalog.levels, student: student)
        let chosen = sessions.filter { session in student.map(session.isOf) ?? true }
        var levels: [Int: Level] = [:]
        for level in catalog.levels where levels[level.number] == nil { levels[level.number] = level }
        progress.misconceptions = Misconceptions(
            sessions: try ProgressSession.attempts(of: chosen, inGradebook: path), levels: levels)
        return anonymise.map(progress.anonymised) ?? progress
    }

    /// The title of a progress page: the gradebook's name without its folder and extension (`term` for
    /// `reports/term.sqlite`), and the student's name when the page is one student's.
    public static func title(gradebook: String, student: String?) -> String {
        let file = gradebook.split(separator: "/").last.map(String.init) ?? gradebook
        let dot = file.lastIndex(of: ".")
        let name = dot.map { $0 == file.startIndex ? file : String(file[..<$0]) } ?? file
        return student.map { Messages.text("%1$s in %2$s", $0, name) } ?? name
    }
}
