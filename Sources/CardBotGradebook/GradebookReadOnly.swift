import CardBotSupport
import Foundation
import GRDB

/// Opens a gradebook for reading without writing anything: no `-wal` or `-shm` file appears beside it, and a
/// gradebook in a read-only folder (or owned by another user) can be read.
///
/// A gradebook that every writer has closed is entirely in its main file (SQLite checkpoints and removes the
/// `-wal` file when the last writer closes), so it is opened as an *immutable* database (the `immutable=1` URI
/// parameter): SQLite then takes no locks and makes no shared-memory file. While a `-wal` file is present (a
/// `grade` is running, or one was killed before it closed), the newest sessions are in it, so the gradebook is
/// opened read-only in the usual way, which reads the `-wal` file and needs the `-shm` file beside it.
enum GradebookReadOnly {
    /// A read-only connection to the gradebook at `path`.
    static func open(_ path: String, label: String = "cardbot-gradebook-reader") throws -> DatabaseQueue {
        var configuration = Gradebook.configuration(readonly: true)
        configuration.label = label
        if !hasWriteAheadLog(path) {
            if let queue = try? DatabaseQueue(path: immutableURI(path), configuration: configuration) {
                return queue
            }
        }
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    /// Runs `body` on a read-only connection to the gradebook at `path`, and closes it; a database error, or a
    /// damaged value, becomes a ``GradebookError`` naming the gradebook.
    static func read<T>(_ path: String, _ body: (Database) throws -> T) throws -> T {
        try GradebookError.reading(path) {
            let queue = try open(path)
            defer { try? queue.close() }
            return try queue.read(body)
        }
    }

    /// Whether a non-empty `-wal` file lies beside `path`.
    static func hasWriteAheadLog(_ path: String) -> Bool {
        var info = stat()
        return stat(path + "-wal", &info) == 0 && info.st_size > 0
    }

    /// The `file:` URI naming `path` (made absolute, every byte outside the unreserved set percent-encoded)
    /// as an immutable database.
    static func immutableURI(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var encoded = ""
        for byte in absolute.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.append(Character(Unicode.Scalar(byte)))
            default:
                encoded += String(format: "%%%02X", byte)
            }
        }
        return "file:" + encoded + "?immutable=1"
    }
}
