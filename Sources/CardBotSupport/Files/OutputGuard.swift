import Foundation

/// The one check every writing command makes before it writes: an output is none of the command's inputs.
///
/// An input is a file (a gradebook, a part being merged, a roster, a deck or level file, a video) or a folder the
/// command reads (a class or session folder). An output is refused when it is the same file as an input file,
/// however its path is spelled (`./`, `..`, a symbolic link or a hard link to it: the same device and inode), or
/// when it lies inside an input folder where that folder's reader would read it (``Input/folder(_:what:reads:)``
/// says which names). Nothing is written before the check.
public enum OutputGuard {
    /// Something a command reads.
    public enum Input: Sendable {
        /// A file, and what it is in the reader's language ("the gradebook itself", "the deck file").
        case file(String, what: String)
        /// A folder, what it is, and which paths inside it (relative, with `/`) its reader reads.
        case folder(String, what: String, reads: @Sendable (String) -> Bool)

        /// The path as given.
        public var path: String {
            switch self {
            case .file(let path, _), .folder(let path, _, _): path
            }
        }
    }

    /// Refuses the first of `outputs` that is one of `inputs`.
    /// - Throws: a ``Problem`` naming the output and the input it would overwrite, with what to do.
    public static func check(_ outputs: [String], against inputs: [Input]) throws {
        for output in outputs {
            for input in inputs {
                switch input {
                case .file(let path, let what):
                    if FileSystem.isSameFile(output, path) {
                        throw Problem(file: output, Messages.text("is %s; name the output another file", what))
                    }
                case .folder(let path, let what, let reads):
                    guard let inside = relativePath(of: output, inside: path) else { continue }
                    if inside.isEmpty {
                        throw Problem(file: output, Messages.text("is %s; write the output elsewhere", what))
                    }
                    if reads(inside) {
                        throw Problem(
                            file: output,
                            Messages.text("lies in %1$s (%2$s), which would read it as one of its files; write the output elsewhere", what, path))
                    }
                }
            }
        }
    }

    /// `path` relative to `folder` when it lies inside it (the folder itself: empty), with every link of their
    /// existing parts resolved; nil when it lies outside.
    public static func relativePath(of path: String, inside folder: String) -> String? {
        guard FileSystem.kind(folder) == .directory else { return nil }
        let root = FileSystem.absolute(folder)
        let target = FileSystem.absolute(path)
        if target == root { return "" }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return target.hasPrefix(prefix) ? String(target.dropFirst(prefix.count)) : nil
    }
}
