import CardBotLesson
import CardBotSupport

extension TermProgress {
    /// The term's progress recorded in the gradebook at `path` (read only), along the unlock chain of the levels in
    /// `levelsDirectory`; only `student`'s when given.
    /// - Throws: ``GradebookError`` for a gradebook that cannot be read, ``LevelLoadError`` for a levels folder
    ///   that cannot be listed, a ``Problem`` for a student the gradebook has no sessions of.
    public static func recorded(in path: String, levelsDirectory: String, student: String?) throws -> TermProgress {
        let sessions = try ProgressSession.all(inGradebook: path)
        let catalog = try LevelCatalog(directory: levelsDirectory)
        if let student, !sessions.contains(where: { $0.student == student }) {
            throw Problem("\(path): no sessions of student '\(student)'")
        }
        return TermProgress(sessions: sessions, catalog: catalog.levels, student: student)
    }
}
