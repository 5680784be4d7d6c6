import CardBotSupport
import Foundation

extension ReportFile {
    /// Checks, before any work, that every report can be written where asked: its folder exists, and it is none
    /// of the command's inputs (the gradebook, a part being merged), named the same or another way. `inputs` pairs
    /// each input with what it is, in the reader's language; `guarding` adds the folders and files the command
    /// reads (``OutputGuard``: a class folder's sessions).
    /// - Throws: a ``Problem`` naming the first report that cannot be written.
    public static func check(
        _ paths: [String], inputs: [(path: String, what: String)] = [], guarding: [OutputGuard.Input] = []
    ) throws {
        for path in paths {
            let directory = (path as NSString).deletingLastPathComponent
            if !directory.isEmpty, FileSystem.kind(directory) != .directory {
                throw Problem(file: path, Messages.text("cannot write the report: no folder %s", directory))
            }
        }
        for path in paths {
            if let input = inputs.first(where: { FileSystem.isSameFile(path, $0.path) }) {
                throw Problem(file: path, Messages.text("is %s; name the report another file", input.what))
            }
        }
        try OutputGuard.check(paths, against: guarding)
    }
}
