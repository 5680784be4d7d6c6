import CardBotSupport
import GRDB

extension GradebookError {
    /// Runs `body`, which reads the gradebook (or a part) at `path`, and turns what SQLite or a damaged row throws into
    /// the one error a teacher sees for it: `FILE: cannot be read: REASON` (a damaged value: the table, the column
    /// and what it holds). A ``GradebookError`` that `body` throws already says what is wrong and goes through as it is.
    ///
    /// This is the one place a gradebook's "cannot be read" is said: every reader (the gradebook, its read-only
    /// connections, rosters, a merge's parts) goes through it.
    static func reading<T>(_ path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as GradebookError {
            throw error
        } catch let error as DamagedGradebookValue {
            throw GradebookError(file: path, reason: error.description)
        } catch {
            throw GradebookError(file: path, said: Messages.later("cannot be read: %s", .plain(GradebookIdentity.message(error))))
        }
    }
}
