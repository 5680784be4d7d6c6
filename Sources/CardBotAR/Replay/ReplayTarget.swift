/// Where `--replay` writes: a folder of PNG frames (`DIR/`) or a video file (`OUT.mp4`, `OUT.gif`).
public enum ReplayTarget: Sendable, Equatable, CustomStringConvertible {
    /// A folder of PNG frames.
    case pngFolder(String)
    /// A video file.
    case video(String)

    /// The target `path` names, or nil when it neither ends in `/` nor names an `.mp4` or `.gif` file.
    public init?(path: String) {
        if path.hasSuffix("/") {
            self = .pngFolder(path)
        } else if [".mp4", ".gif"].contains(where: path.lowercased().hasSuffix) {
            self = .video(path)
        } else {
            return nil
        }
    }

    /// The path as given.
    public var path: String {
        switch self {
        case .pngFolder(let path), .video(let path): path
        }
    }

    public var description: String { path }
}
