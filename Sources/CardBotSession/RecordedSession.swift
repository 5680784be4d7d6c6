import CardBotImaging
import CardBotSupport
import CardBotVideo
import Foundation

/// A recorded session: what a recording is, wherever it comes from.
///
/// A session is a folder of camera frames (stills), one video (a file, or a folder holding one), or a live
/// stream on standard input, with an optional `session.json` (``SessionManifest``). Whatever the source, its frames
/// come with their time in seconds from the start of the recording (``frameSource(limits:sampleFPS:)``), and its
/// run marks are times in seconds (``runMarks``), so that everything above this module reads a folder of JPEGs
/// and a phone's MP4 the same way.
///
/// Stills are the folder's `.png`, `.jpg` and `.jpeg` files (any case) in natural filename order, or the order
/// `session.json` gives, at `session.json`'s `fps` (default ``defaultStillsFPS``). Every frame lies inside the
/// folder: a name that leads outside it (`../`, an absolute path, a symbolic link out) is refused.
public struct RecordedSession: Sendable, Equatable {
    /// Where the frames come from.
    public enum Source: Sendable, Equatable {
        /// Still image files in playing order: `names` relative to the session folder, `paths` to open, shown at
        /// `fps` frames per second.
        case stills(names: [String], paths: [String], fps: Double)
        /// A video file at `path`.
        case video(path: String)
        /// A live stream on standard input, timed by when its frames arrive.
        case stream
    }

    /// The folder (or video file, or `-`) as it was given.
    public let path: String
    /// The parsed `session.json`, or the defaults when there is none.
    public let manifest: SessionManifest
    /// Whether the session has a `session.json`.
    public let hasManifest: Bool
    /// Where the frames come from.
    public let source: Source
    /// The moments the child pressed "run" (`session.json`'s `runs`), in seconds from the start, in order; nil
    /// when the recording has none. A still's run mark is the time that frame is shown.
    public let runMarks: [Double]?

    /// Whether `output` lies inside this session's folder, where the next run would read it as part of the session
    /// (a replay's frames would become frames); false for a lone video, frame files or a stream.
    public func holds(_ output: String) -> Bool {
        if case .stream = source { return false }
        return OutputGuard.relativePath(of: output, inside: path) != nil
    }

    /// The extensions of frame files (compared case-insensitively).
    public static let frameExtensions: Set<String> = ["png", "jpg", "jpeg"]

    /// The name of the optional manifest.
    public static let manifestName = "session.json"

    /// The frame rate of stills whose `session.json` gives none (or that have no `session.json`): one frame a
    /// second, the pace of a teacher's time-lapse; `fps` in session.json says otherwise.
    public static let defaultStillsFPS = 1.0

    /// Whether the frames come from a video file or a stream (attempts are then placed by their time alone).
    public var isVideo: Bool {
        if case .stills = source { return false }
        return true
    }

    /// The video file, for a session recorded in one.
    public var videoPath: String? {
        if case .video(let path) = source { return path }
        return nil
    }

    /// The names of the stills, in playing order (empty for a video or a stream).
    public var frameNames: [String] {
        if case .stills(let names, _, _) = source { return names }
        return []
    }

    /// The paths of the stills, in playing order (empty for a video or a stream).
    public var framePaths: [String] {
        if case .stills(_, let paths, _) = source { return paths }
        return []
    }

    /// The path of `session.json`, whether or not there is one (nil for single frames and streams).
    public var manifestPath: String? {
        switch source {
        case .stream: return nil
        case .stills where path == "." && !hasManifest: return nil
        case .video(let video) where video == path: return nil
        default: return FileSystem.join(path, Self.manifestName)
        }
    }

    /// The path of a frame's file for messages: the frame of a still, or the video.
    public func file(ofFrame name: String) -> String {
        switch source {
        case .stills: return path == "." ? name : FileSystem.join(path, name)
        case .video(let video): return video
        case .stream: return "-"
        }
    }

    /// A session made of single frame files, in the order given (no folder, no `session.json`); at most
    /// ``photoLimit`` of them are ``isPhotos``.
    public static func frames(_ paths: [String]) -> RecordedSession {
        var session = RecordedSession(
            path: ".", manifest: SessionManifest(), hasManifest: false,
            source: .stills(names: paths, paths: paths, fps: defaultStillsFPS), runMarks: nil)
        session.isPhotos = paths.count <= photoLimit
        return session
    }

    /// The most frame files named one by one that are taken as photos of the table (each one a program to run)
    /// rather than as a recording of a lesson.
    public static let photoLimit = 12

    /// Whether the frames are a few photos of the table named one by one: each photo's program is run (see
    /// `RunSignal.photos` in CardBotClassroom) instead of looking for a run signal in a recording.
    public private(set) var isPhotos = false

    /// A live stream on standard input.
    public static let stream = RecordedSession(
        path: "-", manifest: SessionManifest(), hasManifest: false, source: .stream, runMarks: nil)

    /// Whether `path` names an image file by its extension.
    public static func isFrameName(_ name: String) -> Bool {
        frameExtensions.contains((name as NSString).pathExtension.lowercased())
    }

    /// A session recorded in the video file at `path`, with no `session.json`.
    public static func video(_ path: String) -> RecordedSession {
        RecordedSession(path: path, manifest: SessionManifest(), hasManifest: false, source: .video(path: path), runMarks: nil)
    }

    /// Opens what a user gave on the command line: `-` is the live stream, one folder or video file is a
    /// recorded session, anything else is single frame files in the order given.
    /// - Throws: `SessionError` as ``open(_:)`` does, and when nothing given exists (a mistyped folder is not an
    ///   empty session of one missing frame): the error names the first input and, when a name beside it is a
    ///   likely typo of it, suggests it.
    public static func open(inputs: [String]) throws -> RecordedSession {
        if inputs == ["-"] { return stream }
        if inputs.count == 1, FileSystem.kind(inputs[0]) == .directory || VideoFile.isVideoName(inputs[0]) {
            return try open(inputs[0])
        }
        if let first = inputs.first, inputs.allSatisfy({ FileSystem.kind($0) == .missing && !FileSystem.exists($0) }) {
            throw SessionError(
                file: first,
                said: NameSuggestion.nearest(toPath: first).map {
                    Messages.later("no such session folder, video or frame file; did you mean %s?", .plain($0))
                } ?? Messages.later("no such session folder, video or frame file"))
        }
        // One file that is no picture, no video and no folder (a level file, notes): say what run takes, rather
        // than reading it as a session of one unreadable frame.
        if inputs.count == 1, let only = inputs.first, FileSystem.kind(only) == .regular, !isFrameName(only),
            !startsLikeImage(only)
        {
            throw SessionError(
                file: only,
                said: Messages.later("not a session folder, a video or a PNG or JPEG frame: give one of those"))
        }
        return frames(inputs)
    }

    /// Whether the file at `path` starts with a PNG or JPEG signature (false when it cannot be opened).
    private static func startsLikeImage(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 8)) ?? Data()
        return ImageFormat.sniff([UInt8](head)) != nil
    }

    /// Frames read per second of a video or stream when not told otherwise (`--sample-fps`).
    public static let defaultSampleFPS = VideoFrameSource.defaultSampleFPS

    /// True when `name` is named like a video file the session can read (`.mp4`, `.mov`, `.mkv`...).
    public static func isVideoName(_ name: String) -> Bool { VideoFile.isVideoName(name) }

    /// Where the session's frames come from, each with its time in seconds: its stills at their fps, or its
    /// video (or stream) sampled at `sampleFPS` by presentation time.
    public func frameSource(limits: ImageLimits = .default, sampleFPS: Double? = VideoFrameSource.defaultSampleFPS)
        -> any FrameSource
    {
        switch source {
        case .stills(let names, let paths, let fps):
            return StillFrameSource(paths: paths, names: names, fps: fps, limits: limits)
        case .video(let path):
            return VideoFrameSource(path: path, sampleFPS: sampleFPS, limits: limits)
        case .stream:
            return VideoFrameSource.standardInput(sampleFPS: sampleFPS, limits: limits)
        }
    }

    /// Opens the session folder (or video file) at `path`.
    /// - Throws: `SessionError` for a missing folder, an unreadable or invalid `session.json`, a frame name
    ///   leading outside the folder, a run mark naming no frame, or a folder with no frames.
    public static func open(_ path: String) throws -> RecordedSession {
        switch FileSystem.kind(path) {
        case .missing:
            if FileSystem.exists(path) { throw SessionError(file: path, said: Messages.later("is a broken or looping symbolic link")) }
            throw SessionError(
                file: path,
                said: VideoFile.isVideoName(path)
                    ? Messages.later("no such video file") : Messages.later("no such folder (give a session folder, a video file, or frame files)"))
        case .regular:
            if VideoFile.isVideoName(path) { return video(path) }
            throw SessionError(
                file: path,
                said: Messages.later("is a file, not a session folder (give the folder that holds the frames, or a video file)"))
        case .other:
            throw SessionError(
                file: path, said: Messages.later("is not a folder (a FIFO, socket or device); give the folder that holds the frames"))
        case .directory:
            break
        }
        let root = FileSystem.resolved(path) ?? path
        let manifestPath = FileSystem.join(path, manifestName)
        var manifest = SessionManifest()
        var hasManifest = false
        if FileSystem.exists(manifestPath) {
            try FolderFile.checkInside(manifestPath, folder: path)
            let bytes: [UInt8]
            do {
                bytes = try RegularFile.read(manifestPath, maxBytes: maximumManifestBytes)
            } catch {
                if error.kind == .tooLarge {
                    throw SessionError(file: manifestPath, said: Messages.later("%s; a session.json is at most 4 MiB", .said(error.said)))
                }
                throw SessionError(file: manifestPath, said: error.cannotBeRead)
            }
            manifest = try SessionManifest.parse(bytes, file: manifestPath)
            hasManifest = true
        }

        if let session = try openVideo(path, root: root, manifest: manifest, manifestPath: manifestPath,
                                       hasManifest: hasManifest) {
            return session
        }
        if manifest.runSeconds != nil {
            throw SessionError(
                file: manifestPath, said: Messages.later("'runs' holds times in seconds, which only a video session has; give frame names"))
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
                throw SessionError(file: path, said: error.said)
            }
            // Every entry named like a frame is kept, even a folder or a looping link: reading it then says why
            // it is unreadable, so that no frame is skipped without a word.
            names = entries.filter { name in isFrameName(name) && !name.hasPrefix(".") }
                .sorted(by: NaturalOrder.areInIncreasingOrder)
            guard names.count <= SessionManifest.maximumFrames else {
                throw SessionError(
                    file: path,
                    said: Messages.later(
                        "holds %1$s frames; a session has at most %2$s", .number(names.count), .number(SessionManifest.maximumFrames)))
            }
            for name in names {
                try checkInside(name, folder: path, root: root, manifest: nil)
            }
        }
        guard !names.isEmpty else {
            throw SessionError(
                file: path, said: Messages.later("no frames: a session folder holds camera frames (.png, .jpg or .jpeg) or one video"))
        }

        let fps = manifest.fps ?? defaultStillsFPS
        var runMarks: [Double]? = nil
        if let runs = manifest.runs {
            var index: [String: Int] = [:]
            for (position, name) in names.enumerated() where index[name] == nil { index[name] = position }
            runMarks = try runs.map { name in
                try checkInside(name, folder: path, root: root, manifest: manifestPath)
                guard let position = index[name] else {
                    throw SessionError(
                        file: manifestPath,
                        said: Messages.later("run mark '%s' names no frame of this session", .plain(TerminalText.truncated(name, width: 80))))
                }
                return Double(position) / fps
            }.sorted()
        }
        return RecordedSession(
            path: path, manifest: manifest, hasManifest: hasManifest,
            source: .stills(names: names, paths: names.map { FileSystem.join(path, $0) }, fps: fps), runMarks: runMarks)
    }

    /// The video session in the folder at `path`: the video `session.json` names, else the folder's only video
    /// when it holds no frames; nil for a session of frames.
    private static func openVideo(
        _ path: String, root: String, manifest: SessionManifest, manifestPath: String, hasManifest: Bool
    ) throws -> RecordedSession? {
        var name = manifest.video
        if name == nil, manifest.frames == nil {
            let entries: [String]
            do {
                entries = try FileSystem.names(in: path)
            } catch {
                throw SessionError(file: path, said: error.said)
            }
            let visible = entries.filter { !$0.hasPrefix(".") }
            guard !visible.contains(where: isFrameName) else { return nil }
            let videos = visible.filter(VideoFile.isVideoName).sorted(by: NaturalOrder.areInIncreasingOrder)
            if videos.count > 1 {
                throw SessionError(
                    file: path,
                    said: Messages.later(
                        "holds %1$s videos (%2$s); name the one to read in session.json's \"video\", or give each its own folder",
                        .number(videos.count), .plain(videos.map { TerminalText.truncated($0, width: 80) }.joined(separator: ", "))))
            }
            name = videos.first
        }
        guard let name else { return nil }
        if manifest.frames != nil {
            throw SessionError(file: manifestPath, said: Messages.later("names both 'video' and 'frames'; a session is one or the other"))
        }
        if manifest.runs != nil {
            throw SessionError(
                file: manifestPath,
                said: Messages.later("'runs' of a video session are times in seconds from the start (for example [12.5, 40])"))
        }
        try checkInside(
            name, folder: path, root: root, manifest: hasManifest && manifest.video != nil ? manifestPath : nil, what: "video")
        return RecordedSession(
            path: path, manifest: manifest, hasManifest: hasManifest, source: .video(path: FileSystem.join(path, name)),
            runMarks: manifest.runSeconds?.sorted())
    }

    /// The largest `session.json` read, in bytes.
    public static let maximumManifestBytes = 4 << 20

    /// Refuses a frame name (or, with `what: "level"` or `"video"`, the level path or video name) that leads outside the session folder,
    /// before any file is opened. A name whose links cannot be resolved (dangling, looping) passes: opening it
    /// then fails with the reason.
    public static func checkInside(_ name: String, folder: String, root: String, manifest: String?, what: String = "frame") throws {
        let blame = manifest ?? FileSystem.join(folder, name)
        let shown = TerminalText.truncated(name, width: 80)
        let kind = MessageText.Value.term(what, context: "session file")
        if name.isEmpty {
            throw SessionError(file: blame, said: Messages.later("a %s name is empty", kind))
        }
        if name.hasPrefix("/") {
            throw SessionError(
                file: blame, said: Messages.later("%1$s '%2$s' is an absolute path; it must lie inside the session folder", kind, .plain(shown)))
        }
        if name.split(separator: "/").contains("..") {
            throw SessionError(file: blame, said: Messages.later("%1$s '%2$s' leads outside the session folder", kind, .plain(shown)))
        }
        guard let resolved = FileSystem.resolved(FileSystem.join(folder, name)) else { return }
        if !(resolved == root || resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/")) {
            throw SessionError(
                file: blame, said: Messages.later("%1$s '%2$s' is a link that leads outside the session folder", kind, .plain(shown)))
        }
    }
}
