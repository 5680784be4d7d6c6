import CardBotSession

/// Who a class is to a gradebook: the key it is recorded under, the folder it was found in, and the keys its
/// sessions may have been recorded under before, which the gradebook folds into the key.
///
/// With a `class.json` (``ClassManifest``) the key is its roster class id, else its `classId`, wherever the folder
/// lies: a moved or renamed folder is the same class. Without one, the key is the folder's canonical absolute path
/// (as in gradebooks of schema 4 to 6), so `cls`, `./cls/` and `/abs/cls` are one class and `A/cls` and `B/cls` two.
public struct ClassIdentity: Sendable, Equatable {
    /// How the class got its key.
    public enum Source: String, Sendable, Equatable {
        /// class.json's `rosterClassId`.
        case rosterClass = "roster-class"
        /// class.json's `classId`.
        case classFile = "class-json"
        /// The folder's canonical absolute path (no class.json).
        case path
    }

    /// The key the gradebook records the class's sessions under.
    public var key: String
    /// How the key was found.
    public var source: Source
    /// The class folder's canonical absolute path, where it was found this time.
    public var folder: String
    /// Keys the class's sessions may have been recorded under before, folded into ``key`` by a gradebook: the
    /// folder's path (graded before it had a class.json) and class.json's `classId` when the key is its roster class.
    public var formerKeys: [String]

    /// Creates an identity.
    public init(key: String, source: Source, folder: String, formerKeys: [String] = []) {
        self.key = key
        self.source = source
        self.folder = folder
        self.formerKeys = formerKeys
    }

    /// The identity of the class folder whose canonical absolute path is `folder`, with class.json `manifest`.
    public init(folder: String, manifest: ClassManifest?) {
        guard let manifest else {
            self.init(key: folder, source: .path, folder: folder)
            return
        }
        var former = [folder]
        if manifest.rosterClassId != nil { former.append(manifest.classId) }
        self.init(
            key: manifest.key, source: manifest.rosterClassId == nil ? .classFile : .rosterClass, folder: folder,
            formerKeys: former.filter { $0 != manifest.key })
    }
}
