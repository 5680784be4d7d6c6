import CardBotSupport
import CardBotVideo

extension RecordedSession {
    /// Whether a session's reader reads the file at `relativePath` inside a session folder: a frame, a video or a
    /// JSON file (session.json, corrections.json, a level of its own), at any depth.
    public static func reads(_ relativePath: String) -> Bool {
        let name = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        let kind = name[name.index(after: dot)...].lowercased()
        return frameExtensions.contains(kind) || VideoFile.extensions.contains(kind) || kind == "json"
    }

    /// What an output must not be (``OutputGuard``): the session's folder and every file in it the session reads,
    /// or its video file.
    public static func outputGuard(_ path: String) -> OutputGuard.Input {
        if FileSystem.kind(path) == .directory {
            return .folder(path, what: Messages.text("a session folder"), reads: reads)
        }
        return .file(path, what: Messages.text("a session's recording"))
    }
}
