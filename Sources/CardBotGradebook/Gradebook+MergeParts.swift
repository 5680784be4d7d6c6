import CardBotClassroom
import CardBotSession
import CardBotSupport

extension Gradebook {
    /// `grade merge`: adds every session of each part to the gradebook at `path` (made when missing) and returns
    /// the grade of its class, `wanted` (as given to `grade`) or its only one. The parts are only read; every part
    /// is checked before the gradebook is made, so a refused part leaves nothing behind.
    /// - Throws: ``GradebookError`` for a part or gradebook that is not a CardBot gradebook, or for a class that
    ///   cannot be chosen.
    /// `levelsDirectory` holds the curriculum the sessions played (by number), for the misconceptions of the
    /// class; without it (or when it cannot be read) they are not counted.
    public static func merging(
        _ parts: [String], into path: String, class wanted: String?, cardbotVersion: String, levelsDirectory: String? = nil
    ) throws -> ClassGrade {
        for part in parts { try checkPart(part) }
        let book = try Gradebook(path: path, cardbotVersion: cardbotVersion)
        for part in parts { try book.merge(part) }
        let classes = try book.classes()
        let names = classes.map { "'\($0.name)'" }.joined(separator: ", ")
        let chosen: (key: String, name: String)
        if let wanted {
            let absolute = FileSystem.absolute(wanted)
            // A class folder with a class.json is found by its key, wherever it lies now.
            let manifestKey = (try? ClassManifest.read(folder: wanted))??.key
            guard let found = classes.first(where: {
                $0.key == wanted || $0.name == wanted || $0.key == absolute || $0.key == manifestKey
            }) else {
                throw GradebookError(file: path, said: Messages.later("has no class '%1$s'; it has %2$s", .plain(wanted), .plain(names)))
            }
            chosen = found
        } else if classes.count == 1 {
            chosen = classes[0]
        } else if classes.isEmpty {
            throw GradebookError(file: path, said: Messages.later("holds no sessions after the merge"))
        } else {
            throw GradebookError(
                file: path, said: Messages.later("holds %1$s classes (%2$s); name the one to report with --class", .plain("\(classes.count)"), .plain(names)))
        }
        return try book.classGrade(chosen.key, name: chosen.name, levels: Misconceptions.curriculum(levelsDirectory))
    }
}
