import CardBotSupport
import Foundation

/// A recorded session on disk: a folder of camera frames and an optional `session.json`.
///
/// Frames are the folder's `.png`, `.jpg` and `.jpeg` files (any case) in natural filename order,
/// or the order `session.json` gives. Every frame lies inside the folder: a name that leads
/// outside it (`../`, an absolute path, a symbolic link out) is refused.
public struct SessionFolder: Sendable, Equatable {
    /// The folder as it was given.
    public let path: String
    /// The parsed `session.json`, or the defaults when there is none.
    public let manifest: SessionManifest
    /// Whether the folder has a `session.json`.
    public let hasManifest: Bool
    /// Frame names relative to the folder, in playing order.
    public let frameNames: [String]
    /// Indices into `frameNames` at which the child pressed "run", in order; nil when not recorded.
    public let runFrames: [Int]?
    /// The path of every frame, in playing order.
    public let framePaths: [String]

    /// The extensions of frame files (compared case-insensitively).
    public static let frameExtensions: Set<String> = ["png", "jpg", "jpeg"]

    /// The name of the optional manifest.
    public static let manifestName = "session.json"

    /// The path of frame `index`.
    public func framePath(_ index: Int) -> String { framePaths[index] }

    /// A session made of single frame files, in the order given (no folder, no `session.json`).
    public static func frames(_ paths: [String]) -> SessionFolder {
        SessionFolder(
            path: ".", manifest: SessionManifest(), hasManifest: false, frameNames: paths, runFrames: nil,
            framePaths: paths)
    }

    /// Whether `path` names an image file by its extension.
    public static func isFrameName(_ name: String) -> Bool {
        frameExtensions.contains((name as NSString).pathExtension.lowercased())
    }

    /// Opens the session folder at `path`.
    /// - Throws: `SessionError` for a missing folder, an unreadable or invalid `session.json`, a frame name
    ///   leading outside the folder, a run mark naming no frame, or a folder with no frames.
    public static func open(_ path: String) throws -> SessionFolder {
        switch FileSystem.kind(path) {
        case .missing:
            throw SessionError(file: path, reason: FileSystem.exists(path) ? "is a broken or looping symbolic link" : "no such folder")
        case .regular:
            throw SessionError(file: path, reason: "is a file, not a session folder (give the folder that holds the frames)")
        case .other:
            throw SessionError(file: path, reason: "is not a folder (a FIFO, socket or device); give the folder that holds the frames")
        case .directory:
            break
        }
        let root = FileSystem.resolved(path) ?? path
        let manifestPath = FileSystem.join(path, manifestName)
        var manifest = SessionManifest()
        var hasManifest = false
        if FileSystem.exists(manifestPath) {
            let bytes: [UInt8]
            do {
                bytes = try RegularFile.read(manifestPath, maxBytes: maximumManifestBytes)
            } catch {
                if error.kind == .tooLarge {
                    throw SessionError(file: manifestPath, reason: "\(error.reason); a session.json is at most 4 MiB")
                }
                throw SessionError(file: manifestPath, reason: "cannot be read: it \(error.reason)")
            }
            manifest = try SessionManifest.parse(bytes, file: manifestPath)
            hasManifest = true
        }

        let names: [String]
        if let listed = manifest.frames {
            for name in listed {
                try checkInside(name, folder: path, root: root, manifest: manifestPath)
            }
            names = listed
        } else {
            let entries: [String]
            do {
                entries = try FileSystem.names(in: path)
            } catch {
                throw SessionError(file: path, reason: error.reason)
            }
            // Every entry named like a frame is kept, even a folder or a looping link: reading it then says why
            // it is unreadable, so that no frame is skipped without a word.
            names = entries.filter { name in isFrameName(name) && !name.hasPrefix(".") }
                .sorted(by: NaturalOrder.areInIncreasingOrder)
            guard names.count <= SessionManifest.maximumFrames else {
                throw SessionError(
                    file: path, reason: "holds \(names.count) frames; a session has at most \(SessionManifest.maximumFrames)")
            }
            for name in names {
                try checkInside(name, folder: path, root: root, manifest: nil)
            }
        }
        guard !names.isEmpty else {
            throw SessionError(file: path, reason: "no frames: a session folder holds camera frames (.png, .jpg or .jpeg)")
        }

        var runFrames: [Int]? = nil
        if let runs = manifest.runs {
            var index: [String: Int] = [:]
            for (position, name) in names.enumerated() where index[name] == nil { index[name] = position }
            runFrames = try runs.map { name in
                try checkInside(name, folder: path, root: root, manifest: manifestPath)
                guard let position = index[name] else {
                    throw SessionError(
                        file: manifestPath, reason: "run mark '\(TerminalText.truncated(name, width: 80))' names no frame of this session")
                }
                return position
            }.sorted()
        }
        return SessionFolder(
            path: path, manifest: manifest, hasManifest: hasManifest, frameNames: names, runFrames: runFrames,
            framePaths: names.map { FileSystem.join(path, $0) })
    }

    /// The largest `session.json` read, in bytes.
    public static let maximumManifestBytes = 4 << 20

    /// Refuses a frame name (or, with `what: "level"`, the level path) that leads outside the session folder,
    /// before any file is opened. A name whose links cannot be resolved (dangling, looping) passes: opening it
    /// then fails with the reason.
    static func checkInside(_ name: String, folder: String, root: String, manifest: String?, what: String = "frame") throws {
        let blame = manifest ?? FileSystem.join(folder, name)
        let shown = TerminalText.truncated(name, width: 80)
        if name.isEmpty {
            throw SessionError(file: blame, reason: "a \(what) name is empty")
        }
        if name.hasPrefix("/") {
            throw SessionError(file: blame, reason: "\(what) '\(shown)' is an absolute path; it must lie inside the session folder")
        }
        if name.split(separator: "/").contains("..") {
            throw SessionError(file: blame, reason: "\(what) '\(shown)' leads outside the session folder")
        }
        guard let resolved = FileSystem.resolved(FileSystem.join(folder, name)) else { return }
        if !(resolved == root || resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/")) {
            throw SessionError(file: blame, reason: "\(what) '\(shown)' is a link that leads outside the session folder")
        }
    }
}
