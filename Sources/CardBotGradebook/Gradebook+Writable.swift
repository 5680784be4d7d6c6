import CardBotSupport
import Foundation

extension Gradebook {
    /// Refuses a gradebook that cannot be written, before SQLite tries (it would say only "unable to open database
    /// file" or "attempt to write a readonly database"): a read-only file, or a read-only folder when SQLite must
    /// make a file there (the gradebook itself, or its `-wal` and `-shm` files beside it).
    /// - Throws: ``GradebookError`` naming the gradebook, why it cannot be written and what to do.
    static func checkWritable(_ path: String) throws {
        let parent = (path as NSString).deletingLastPathComponent
        let folder = parent.isEmpty ? "." : parent
        if FileSystem.exists(path), let code = refusal(path, W_OK) {
            throw GradebookError(
                file: path,
                said: Messages.later(
                    "the gradebook cannot be written: the file is read-only (%s); make it writable (chmod u+w), or give a --gradebook you can write",
                    .plain(RegularFile.clause(code))))
        }
        let needsFiles = ["", "-wal", "-shm"].contains { !FileSystem.exists(path + $0) }
        if needsFiles, let code = refusal(folder, W_OK | X_OK) {
            throw GradebookError(
                file: path,
                said: Messages.later(
                    "the gradebook cannot be written: its folder %1$s is read-only (%2$s), and SQLite keeps files beside the gradebook there; make the folder writable, or give a --gradebook in a folder you can write",
                    .plain(parent.isEmpty ? FileManager.default.currentDirectoryPath : parent), .plain(RegularFile.clause(code))))
        }
    }

    /// The error number when the system refuses `mode` access to `path` for want of permission or on a read-only
    /// file system; nil when it allows it (or fails otherwise, which opening the gradebook then reports).
    private static func refusal(_ path: String, _ mode: Int32) -> Int32? {
        let code: Int32 = PathName.withCString(path) { access($0, mode) == 0 ? 0 : errno }
        return [EACCES, EROFS, EPERM].contains(code) ? code : nil
    }
}
