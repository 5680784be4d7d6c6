import CardBotSupport
import Foundation

extension ReportFile {
    /// Checks, before any work, that every report can be written where asked: its folder exists, and it is none
    /// of the command's inputs (the gradebook, a part being merged), named the same or another way. `inputs` pairs
    /// each input with what it is.
    /// - Throws: a ``Problem`` naming the first report that cannot be written.
    public static func check(_ paths: [String], inputs: [(path: String, what: String)] = []) throws {
        for path in paths {
            let directory = (path as NSString).deletingLastPathComponent
            if !directory.isEmpty, FileSystem.kind(directory) != .directory {
                throw Problem("\(path): cannot write the report: no folder \(directory)")
            }
        }
        for path in paths {
            if let input = inputs.first(where: { FileSystem.isSameFile(path, $0.path) }) {
                throw Problem(file: path, "is \(input.what); name the report another file")
            }
        }
    }
}
