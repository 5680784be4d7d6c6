/// Which files are videos, by their extension.
public enum VideoFile {
    /// The extensions of video files a session may hold (compared case-insensitively).
    public static let extensions: Set<String> = ["mp4", "m4v", "mov", "mkv", "webm", "avi", "mjpeg", "mjpg", "3gp"]

    /// Whether `name` names a video file by its extension.
    public static func isVideoName(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), !name.hasPrefix(".") || name.dropFirst().contains(".") else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }
}
