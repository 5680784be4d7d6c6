import CardBotImaging
import CardBotVideo
import Foundation

/// A recorded session on disk: a folder of camera frames or one video, and an optional `session.json`.
///
/// Frames are the folder's `.png`, `.jpg` and `.jpeg` files (any case) in natural filename order,
/// or the order `session.json` gives. Every frame lies inside the folder: a name that leads
/// outside it (`../`, an absolute path, a symbolic link out) is refused. A video session is a video file
/// on its own, or a folder holding one video (or naming it in `session.json`'s `video`).
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
    /// The path of every frame, in playing order (empty for a video session).
    public let framePaths: [String]
    /// The video's path, for a video session.
    public private(set) var video: String? = nil

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

    /// A session recorded in the video file at `path`, with no `session.json`.
    public static func video(_ path: String) -> SessionFolder {
        var session = SessionFolder(
            path: path, manifest: SessionManifest(), hasManifest: false, frameNames: [], runFrames: nil, framePaths: [])
        session.video = path
        return session
    }

    /// The run marks of a video session, in seconds from the start; nil when not recorded or not a video.
    public var runSeconds: [Double]? { video == nil ? nil : manifest.runSeconds }

    /// Whether this session is recorded in a video.
    public var isVideo: Bool { video != nil }

    /// Where the session's frames come from: its stills at `session.json`'s fps, or its video sampled at `sampleFPS`.
    public func frameSource(limits: ImageLimits = .default, sampleFPS: Double? = VideoFrameSource.defaultSampleFPS)
        -> any FrameSource
    {
        if let video { return VideoFrameSource(path: video, sampleFPS: sampleFPS, limits: limits) }
        return StillFrameSource(paths: framePaths, names: frameNames, fps: manifest.fps, limits: limits)
    }

    /// Opens the session folder (or video file) at `path`.
    /// - Throws: `SessionError` for a missing folder, an unreadable or invalid `session.json`, a frame name
    ///   leading outside the folder, a run mark naming no frame, or a folder with no frames.
    public static func open(_ path: String) throws -> SessionFolder {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw SessionError(file: path, reason: "no such folder")
        }
        guard isDirectory.boolValue else {
            if VideoFile.isVideoName(path) { return video(path) }
            throw SessionError(
                file: path,
                reason: "is a file, not a session folder (give the folder that holds the frames, or a video file)")
        }
        let root = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
        let manifestPath = (path as NSString).appendingPathComponent(manifestName)
        var manifest = SessionManifest()
        var hasManifest = false
        if fileManager.fileExists(atPath: manifestPath) {
            guard let data = fileManager.contents(atPath: manifestPath) else {
                throw SessionError(file: manifestPath, reason: "cannot be read")
            }
            guard data.count <= 4 << 20 else {
                throw SessionError(file: manifestPath, reason: "is \(data.count) bytes; a session.json is at most 4 MiB")
            }
            manifest = try SessionManifest.parse(data, file: manifestPath)
            hasManifest = true
        }

        if let session = try openVideo(path, root: root, manifest: manifest, manifestPath: manifestPath,
                                       hasManifest: hasManifest) {
            return session
        }
        if manifest.runSeconds != nil {
            throw SessionError(
                file: manifestPath, reason: "'runs' holds times in seconds, which only a video session has; give frame names")
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
                entries = try fileManager.contentsOfDirectory(atPath: path)
            } catch {
                throw SessionError(file: path, reason: "cannot list the folder: \(error.localizedDescription)")
            }
            names = entries.filter { name in
                guard isFrameName(name), !name.hasPrefix(".") else { return false }
                var directory: ObjCBool = false
                let full = (path as NSString).appendingPathComponent(name)
                return fileManager.fileExists(atPath: full, isDirectory: &directory) && !directory.boolValue
            }.sorted(by: NaturalOrder.areInIncreasingOrder)
            for name in names {
                try checkInside(name, folder: path, root: root, manifest: nil)
            }
        }
        guard !names.isEmpty else {
            throw SessionError(
                file: path, reason: "no frames: a session folder holds camera frames (.png, .jpg or .jpeg) or one video")
        }

        var runFrames: [Int]? = nil
        if let runs = manifest.runs {
            var index: [String: Int] = [:]
            for (position, name) in names.enumerated() where index[name] == nil { index[name] = position }
            runFrames = try runs.map { name in
                try checkInside(name, folder: path, root: root, manifest: manifestPath)
                guard let position = index[name] else {
                    throw SessionError(file: manifestPath, reason: "run mark '\(name)' names no frame of this session")
                }
                return position
            }.sorted()
        }
        return SessionFolder(
            path: path, manifest: manifest, hasManifest: hasManifest, frameNames: names, runFrames: runFrames,
            framePaths: names.map { (path as NSString).appendingPathComponent($0) })
    }

    /// The video session in the folder at `path`: the video `session.json` names, else the folder's only video
    /// when it holds no frames; nil for a session of frames.
    private static func openVideo(
        _ path: String, root: String, manifest: SessionManifest, manifestPath: String, hasManifest: Bool
    ) throws -> SessionFolder? {
        var name = manifest.video
        if name == nil, manifest.frames == nil {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            let visible = entries.filter { !$0.hasPrefix(".") }
            guard !visible.contains(where: isFrameName) else { return nil }
            let videos = visible.filter(VideoFile.isVideoName).sorted(by: NaturalOrder.areInIncreasingOrder)
            if videos.count > 1 {
                throw SessionError(
                    file: path,
                    reason: "holds \(videos.count) videos (\(videos.joined(separator: ", "))); name the one to read in session.json's \"video\", or give each its own folder")
            }
            name = videos.first
        }
        guard let name else { return nil }
        if manifest.frames != nil {
            throw SessionError(file: manifestPath, reason: "names both 'video' and 'frames'; a session is one or the other")
        }
        if manifest.runs != nil {
            throw SessionError(
                file: manifestPath, reason: "'runs' of a video session are times in seconds from the start (for example [12.5, 40])")
        }
        try checkInside(name, folder: path, root: root, manifest: hasManifest && manifest.video != nil ? manifestPath : nil)
        var session = SessionFolder(
            path: path, manifest: manifest, hasManifest: hasManifest, frameNames: [], runFrames: nil, framePaths: [])
        session.video = (path as NSString).appendingPathComponent(name)
        return session
    }

    /// Refuses a frame name that leads outside the session folder, before any file is opened.
    private static func checkInside(_ name: String, folder: String, root: String, manifest: String?) throws {
        let blame = manifest ?? (folder as NSString).appendingPathComponent(name)
        if name.isEmpty {
            throw SessionError(file: blame, reason: "a frame name is empty")
        }
        if name.hasPrefix("/") {
            throw SessionError(file: blame, reason: "frame '\(name)' is an absolute path; frames must lie inside the session folder")
        }
        if name.split(separator: "/").contains("..") {
            throw SessionError(file: blame, reason: "frame '\(name)' leads outside the session folder")
        }
        let full = URL(fileURLWithPath: (folder as NSString).appendingPathComponent(name))
        let resolved = full.resolvingSymlinksInPath().standardizedFileURL.path
        if !(resolved == root || resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/")) {
            throw SessionError(file: blame, reason: "frame '\(name)' is a link that leads outside the session folder")
        }
    }
}
