import CardBotClassroom
import CardBotLesson
import CardBotSession
import CardBotSupport
import Foundation

extension Gradebook {
    /// `grade merge`: adds every session of each part to the gradebook at `path` (made when missing) and returns
    /// the grade of its class, `wanted` (as given to `grade`) or its only one. The parts are only read. The merge
    /// is one transaction that commits only when every part is valid and the class can be chosen; a gradebook the
    /// merge makes is filled beside `path` and takes its name only then, so a refused part, a refused class or a
    /// killed merge leaves the gradebook as it was (or absent, as it was).
    /// - Throws: ``GradebookError`` for a part or gradebook that is not a CardBot gradebook, or for a class that
    ///   cannot be chosen.
    /// `levelsDirectory` holds the curriculum the sessions played (by number), for the misconceptions of the
    /// class; without it (or when it cannot be read) they are not counted.
    public static func merging(
        _ parts: [String], into path: String, class wanted: String?, cardbotVersion: String, levelsDirectory: String? = nil
    ) throws -> ClassGrade {
        for part in parts { try checkPart(part) }
        // A class folder with a class.json is found by its key, wherever it lies now.
        let manifestKey = wanted.flatMap { (try? ClassManifest.read(folder: $0))??.key }
        let levels = Misconceptions.curriculum(levelsDirectory)
        guard case .new = try GradebookIdentity.inspect(path) else {
            let book = try Gradebook(path: path, cardbotVersion: cardbotVersion)
            return try book.mergeAndGrade(parts, wanted: wanted, manifestKey: manifestKey, levels: levels)
        }
        // Named as the teacher gave it: a read-only folder is refused before the file beside it is made.
        try checkWritable(path)
        TemporaryFiles.sweep(besides: path)
        let temporary = TemporaryFiles.name(for: path)
        let slot = TemporaryFiles.track(temporary)
        defer { TemporaryFiles.forget(slot) }
        do {
            // The book is released (its pool closed, its write-ahead log folded in) before the file is renamed.
            let grade = try {
                let book = try Gradebook(path: temporary, cardbotVersion: cardbotVersion)
                return try book.mergeAndGrade(parts, wanted: wanted, manifestKey: manifestKey, levels: levels, shownAs: path)
            }()
            if let reason = FileSystem.rename(temporary, to: path) {
                throw GradebookError(file: path, said: Messages.later("cannot be written: %s", .plain(reason)))
            }
            return grade
        } catch {
            for suffix in ["", "-wal", "-shm"] { _ = PathName.withCString(temporary + suffix) { unlink($0) } }
            throw error
        }
    }

    /// Merges the parts, chooses the class inside the merge's transaction and returns its grade.
    private func mergeAndGrade(
        _ parts: [String], wanted: String?, manifestKey: String?, levels: [Int: Level], shownAs shownPath: String? = nil
    ) throws -> ClassGrade {
        let shown = shownPath ?? path
        let chosen = try merge(parts) { db -> (key: String, name: String) in
            let classes = try Self.classes(db)
            let names = classes.map { "'\($0.name)'" }.joined(separator: ", ")
            if let wanted {
                let absolute = FileSystem.absolute(wanted)
                guard let found = classes.first(where: {
                    $0.key == wanted || $0.name == wanted || $0.key == absolute || $0.key == manifestKey
                }) else {
                    throw GradebookError(file: shown, said: Messages.later("has no class '%1$s'; it has %2$s", .plain(wanted), .plain(names)))
                }
                return found
            } else if classes.count == 1 {
                return classes[0]
            } else if classes.isEmpty {
                throw GradebookError(file: shown, said: Messages.later("holds no sessions after the merge"))
            } else {
                throw GradebookError(
                    file: shown,
                    said: Messages.later("holds %1$s classes (%2$s); name the one to report with --class", .plain("\(classes.count)"), .plain(names)))
            }
        }
        return try classGrade(chosen.key, name: chosen.name, levels: levels)
    }
}
