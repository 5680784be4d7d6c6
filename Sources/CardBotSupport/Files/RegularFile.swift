#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading whole files that must be regular files: a FIFO, socket or device (or a link to one) is refused
/// with a reason naming what it is, never read, so that it can neither hang a command nor pass for an empty file.
///
/// The file is opened non-blocking (opening a FIFO with no writer would otherwise wait for one) and checked
/// with `fstat` on the open descriptor, so nothing can swap the file between the check and the read.
public enum RegularFile {
    /// Why a file could not be read.
    public struct Failure: Error, Sendable, Equatable {
        /// What went wrong.
        public enum Kind: Sendable, Equatable {
            /// No such file (or a parent is not a folder).
            case notFound
            /// A directory.
            case isDirectory
            /// Not a regular file: a FIFO, socket, device.
            case notRegular
            /// Larger than the limit.
            case tooLarge
            /// The system refused to open or read it.
            case unreadable
        }

        /// What went wrong.
        public var kind: Kind
        /// The reason, kept to be told in the reader's language ("is a FIFO (named pipe), not a regular file").
        public var said: MessageText

        /// The system's error number, when the system refused to open, inspect or read the file.
        public var code: Int32?

        /// The reason in English, as machine formats keep it.
        public var reason: String { said.english }

        /// The failure as one sentence about a file that must be read: "cannot be read: no such file or
        /// directory", "cannot be read: permission denied", "cannot be read: it is a directory, not a file".
        public var cannotBeRead: MessageText {
            if let code { return Messages.later("cannot be read: %s", .plain(RegularFile.clause(code))) }
            switch kind {
            case .notFound: return Messages.later("cannot be read: no such file or directory")
            case .tooLarge: return Messages.later("cannot be read: %s", .said(said))
            case .isDirectory, .notRegular, .unreadable: return Messages.later("cannot be read: it %s", .said(said))
            }
        }

        /// Creates a failure; `code` is the system's error number, when it has one.
        public init(kind: Kind, said: MessageText, code: Int32? = nil) {
            self.kind = kind
            self.said = said
            self.code = code
        }
    }

    /// What kind of file `mode` describes, as a word of the catalog to be told in the reader's language.
    public static func kindOfFile(mode: mode_t) -> MessageText.Value { .term(describe(mode: mode), context: "file kind") }

    /// What kind of file `mode` (an `st_mode`) describes, in words: "a directory", "a FIFO (named pipe)", ...
    public static func describe(mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: return "a regular file"
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }

    /// Reads the regular file at `path` into `buffer` (reused when large enough).
    /// - Throws: ``Failure`` for a missing path, a directory, a FIFO, socket or device, an unreadable file, or a
    ///   file larger than `maxBytes`.
    public static func read(_ path: String, into buffer: inout [UInt8], maxBytes: Int) throws(Failure) {
        let descriptor = PathName.withCString(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: throw Failure(kind: .notFound, said: Messages.later("no such file"))
            case ELOOP: throw Failure(kind: .unreadable, said: Messages.later("is a symbolic link that leads in a loop"))
            case ENXIO: throw Failure(kind: .notRegular, said: Messages.later("is a socket or a device, not a regular file"))
            default: throw Failure(kind: .unreadable, said: Messages.later("cannot open: %s", .plain(message(code))), code: code)
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            throw Failure(kind: .unreadable, said: Messages.later("cannot stat: %s", .plain(message(code))), code: code)
        }
        let type = status.st_mode & S_IFMT
        if type == S_IFDIR { throw Failure(kind: .isDirectory, said: Messages.later("is a directory, not a file")) }
        guard type == S_IFREG else {
            throw Failure(kind: .notRegular, said: Messages.later("is %s, not a regular file", kindOfFile(mode: status.st_mode)))
        }
        // Back to blocking reads: a regular file never blocks, and EAGAIN must not end the read early.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        let size = Int(status.st_size)
        if size > maxBytes {
            throw Failure(
                kind: .tooLarge, said: Messages.later("the file is %1$s bytes, more than the limit of %2$s", .plain("\(size)"), .plain("\(maxBytes)")))
        }
        if buffer.count != size {
            if buffer.count > size { buffer.removeLast(buffer.count - size) }
            else { buffer.append(contentsOf: repeatElement(0, count: size - buffer.count)) }
        }
        var done = 0
        let failure: Int32? = buffer.withUnsafeMutableBytes { raw in
            while done < size {
                let got = systemRead(descriptor, raw.baseAddress! + done, size - done)
                if got < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if got == 0 { break }
                done += got
            }
            return nil
        }
        if let failure { throw Failure(kind: .unreadable, said: Messages.later("cannot read: %s", .plain(message(failure))), code: failure) }
        if done < size { buffer.removeLast(size - done) }
    }

    /// Reads the whole regular file at `path`.
    public static func read(_ path: String, maxBytes: Int) throws(Failure) -> [UInt8] {
        var buffer: [UInt8] = []
        try read(path, into: &buffer, maxBytes: maxBytes)
        return buffer
    }

    /// The `strerror` text for `code`.
    public static func message(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// The `strerror` text for `code` as the end of a sentence: its first letter lower-cased unless the first word
    /// is an abbreviation ("no such file or directory", "permission denied", but "RPC struct is bad").
    public static func clause(_ code: Int32) -> String {
        let text = message(code)
        guard let first = text.first, text.dropFirst().first?.isUppercase != true else { return text }
        return first.lowercased() + text.dropFirst()
    }
}

@inline(__always)
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
