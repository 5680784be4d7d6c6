import CardBotSession
import CardBotSupport
import Foundation

/// A class folder: every folder below it that holds frames or a `session.json` is one recorded session, and
/// so is every video file in a folder without them.
///
/// ```
/// class/                      class/
///   maya/                       maya-level-3/  frames, session.json
///     level-3/  frames          leo-level-9/   frames
///     level-4/  frames
///   leo/
///     level-3/  frames
/// ```
/// Hidden folders (a name starting with `.`) and symbolic links to folders are not entered, so a link
/// can neither loop nor lead outside the class.
public struct ClassFolder: Sendable {
    /// One session folder found in the class.
    public struct Entry: Sendable, Equatable {
        /// The path relative to the class folder (`maya/level-3`), or `.` for the class folder itself.
        public var relativePath: String
        /// The path as it can be opened (the class folder's path joined with `relativePath`).
        public var path: String
        /// The student the folder layout suggests: the parent folder's name when sessions are grouped by
        /// student (`maya/level-3`; for a video file, the folder holding it: `maya/lesson.mp4`), else the
        /// session folder's own name (or, for a video at the top of the class, its name without the extension).
        public var folderStudent: String
        /// Why the folder is not searched (it lies deeper than ``ClassFolder/maxDepth``); nil for a session.
        public var problem: MessageText? = nil
    }

    /// The class folder as given.
    public let path: String
    /// The sessions, in natural order of their relative paths.
    public let entries: [Entry]
    /// The folder's `class.json`, when it has one.
    public private(set) var manifest: ClassManifest? = nil

    /// Creates a class folder of `entries` found below `path`, with its class.json.
    public init(path: String, entries: [Entry], manifest: ClassManifest? = nil) {
        self.path = path
        self.entries = entries
        self.manifest = manifest
    }

    /// The folder's canonical absolute path (links, `.` and `..` resolved): the same however the folder is typed
    /// and from whichever working folder, and different for two folders of the same name (`A/cls` and `B/cls`).
    public var canonicalPath: String { FileSystem.absolute(path) }
    /// The class's identity in a gradebook (``ClassIdentity``): class.json's roster class or id, else
    /// ``canonicalPath``.
    public var identity: ClassIdentity { ClassIdentity(folder: canonicalPath, manifest: manifest) }
    /// The key a gradebook records the class under (``identity``'s).
    public var key: String { identity.key }

    /// This class folder with a class.json: the one it has, else one with a new id written into it (atomically,
    /// never over another's, so that shards starting at once agree on one id).
    /// - Returns: the folder, and nil, or when class.json cannot be written (a read-only folder) the folder as it
    ///   was (keyed by its path) and a note that says so.
    public func withStableIdentity() -> (folder: ClassFolder, note: String?) {
        if manifest != nil { return (self, nil) }
        do {
            let made = try ClassManifest.make(in: path)
            return (ClassFolder(path: path, entries: entries, manifest: made), nil)
        } catch {
            let note = Messages.text(
                "note: %1$s; the class is kept under its folder's path %2$s, so a moved folder would be a new class",
                "\(error)", canonicalPath)
            return (self, note)
        }
    }

    /// The deepest folder level searched below the class folder.
    public static let maxDepth = 8

    /// Finds every session below `path`, where there must be some.
    /// - Throws: `SessionError` as ``discover(_:)`` does, and a ``Problem`` when no folder below `path` is a session.
    public static func sessions(in path: String) throws -> ClassFolder {
        let folder = try discover(path)
        guard !folder.entries.isEmpty else {
            throw Problem(
                file: path, Messages.text("no sessions: no folder below it holds frames (.png, .jpg or .jpeg), a video or a session.json"))
        }
        return folder
    }

    /// Finds every session below `path`, and reads its class.json when it has one.
    /// - Throws: `SessionError` when `path` is missing, is a file, or cannot be listed, or its class.json is not
    ///   valid.
    public static func discover(_ path: String) throws -> ClassFolder {
        switch FileSystem.kind(path) {
        case .missing:
            throw SessionError(file: path, said: Messages.later("no such folder"))
        case .regular, .other:
            throw SessionError(file: path, said: Messages.later("is a file, not a class folder (give the folder that holds the session folders)"))
        case .directory:
            break
        }
        var found: [[String]] = []
        var tooDeep: Set<[String]> = []
        try walk(path, components: [], into: &found, tooDeep: &tooDeep, isRoot: true)
        let entries = found.map { components -> Entry in
            let relative = components.isEmpty ? "." : components.joined(separator: "/")
            let full = components.isEmpty ? path : FileSystem.join(path, relative)
            let student: String
            if components.count >= 2 {
                student = components[components.count - 2]
            } else if let last = components.last {
                let isVideoFile = RecordedSession.isVideoName(last) && FileSystem.kind(full) != .directory
                student = isVideoFile ? (last as NSString).deletingPathExtension : last
            } else {
                student = URL(fileURLWithPath: path).standardizedFileURL.lastPathComponent
            }
            let problem = tooDeep.contains(components)
                ? Messages.later("more than %s folders below the class folder, so not searched for sessions; move them up", .number(maxDepth))
                : nil
            return Entry(relativePath: relative, path: full, folderStudent: student, problem: problem)
        }.sorted { NaturalOrder.areInIncreasingOrder($0.relativePath, $1.relativePath) }
        return ClassFolder(path: path, entries: entries, manifest: try ClassManifest.read(folder: path))
    }

    /// Adds `folder` when it holds frames or a session.json, then looks into its subfolders.
    private static func walk(
        _ folder: String, components: [String], into found: inout [[String]], tooDeep: inout Set<[String]>, isRoot: Bool
    ) throws {
        let names: [String]
        do {
            names = try FileSystem.names(in: folder)
        } catch {
            if isRoot { throw SessionError(file: folder, said: error.said) }
            // A subfolder that cannot be listed becomes a session whose opening reports why.
            found.append(components)
            return
        }
        var isSession = false
        var videos: [String] = []
        var subfolders: [String] = []
        for name in names where !name.hasPrefix(".") {
            let full = FileSystem.join(folder, name)
            let kind = FileSystem.kind(full)
            if kind == .directory {
                if !FileSystem.isSymbolicLink(full) { subfolders.append(name) }
            } else if name == RecordedSession.manifestName || RecordedSession.isFrameName(name) {
                isSession = true
            } else if RecordedSession.isVideoName(name) {
                videos.append(name)
            }
        }
        if isSession {
            found.append(components)
        } else {
            // Without a session.json, each video is a session of its own.
            for video in videos { found.append(components + [video]) }
        }
        guard components.count < maxDepth else {
            // Deeper folders are not searched, but never dropped in silence: each is a row that says so.
            for name in subfolders {
                found.append(components + [name])
                tooDeep.insert(components + [name])
            }
            return
        }
        for name in subfolders.sorted(by: NaturalOrder.areInIncreasingOrder) {
            try walk(FileSystem.join(folder, name), components: components + [name], into: &found, tooDeep: &tooDeep, isRoot: false)
        }
    }
}
