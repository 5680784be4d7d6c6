#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing a whole file atomically with POSIX calls: the old file or the new one, never half a file.
///
/// Foundation's `Data.write(options: .atomic)` is not used: on Linux it leaves an empty `TemporaryDirectory.*`
/// folder in `/tmp` behind every write.
public enum AtomicFile {
    /// Why a file could not be written.
    public struct Failure: Error, Sendable, Equatable {
        /// What went wrong, with the system's own words ("cannot create: Permission denied"), kept to be told in
        /// the reader's language.
        public var said: MessageText

        /// What went wrong, in English.
        public var reason: String { said.english }

        /// Creates a failure told in the reader's language.
        public init(said: MessageText) {
            self.said = said
        }

        /// Creates a failure whose reason is told as it is.
        public init(reason: String) {
            self.init(said: MessageText(template: "%s", values: [.plain(reason)]))
        }

        /// Failures are the same when they say the same in English.
        public static func == (left: Failure, right: Failure) -> Bool { left.reason == right.reason }
    }

    /// Writes `bytes` to `path`: to a temporary file beside it, flushed to disk (`fsync`), then renamed over it.
    /// The temporary is removed if the write fails, or if the process is interrupted meanwhile (see
    /// ``TemporaryFiles``); the folder is flushed after the rename so that the new name survives a power cut.
    public static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        let temporary = TemporaryFiles.name(for: path)
        let slot = TemporaryFiles.track(temporary)
        defer { TemporaryFiles.forget(slot) }
        let descriptor = PathName.withCString(temporary) { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else {
            throw Failure(said: Messages.later("cannot create: %s", .plain(RegularFile.message(errno))))
        }
        var failure = writeWhole(bytes, to: descriptor)
        if failure == nil, PathName.withCString(temporary, { from in PathName.withCString(path) { rename(from, $0) } }) != 0 {
            failure = errno
        }
        if let failure {
            _ = PathName.withCString(temporary) { unlink($0) }
            throw Failure(said: Messages.later("cannot write: %s", .plain(RegularFile.message(failure))))
        }
        FileSystem.syncFolder(of: path)
    }
}

extension AtomicFile {
    /// Makes the file `path` with `bytes` unless a file is already there: written whole to a temporary file beside
    /// it and flushed (`fsync`), then linked into place with `link`, which never replaces a file. Of several
    /// processes making the same file at once, exactly one makes it; the others find it made.
    /// - Returns: true when this call made the file, false when a file was already at `path` (left as it was).
    public static func create(_ bytes: [UInt8], at path: String) throws(Failure) -> Bool {
        if FileSystem.exists(path) { return false }
        let temporary = TemporaryFiles.name(for: path)
        let slot = TemporaryFiles.track(temporary)
        defer {
            _ = PathName.withCString(temporary) { unlink($0) }
            TemporaryFiles.forget(slot)
        }
        let descriptor = PathName.withCString(temporary) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else {
            throw Failure(said: Messages.later("cannot create: %s", .plain(RegularFile.message(errno))))
        }
        let failure = writeWhole(bytes, to: descriptor)
        if let failure { throw Failure(said: Messages.later("cannot write: %s", .plain(RegularFile.message(failure)))) }
        let linked = PathName.withCString(temporary) { from in PathName.withCString(path) { link(from, $0) } }
        if linked != 0 {
            if errno == EEXIST { return false }
            throw Failure(said: Messages.later("cannot write: %s", .plain(RegularFile.message(errno))))
        }
        FileSystem.syncFolder(of: path)
        return true
    }
}

/// POSIX `write`, named apart from ``AtomicFile/write(_:to:)``, which hides it inside the type.
private func writeSome(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

extension AtomicFile {
    /// Writes all of `bytes` to `descriptor` (again after an interrupted write), flushes it to disk and closes it.
    /// - Returns: nil when all went well, else the first error number.
    static func writeWhole(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var done = 0
        var failure: Int32? = bytes.withUnsafeBytes { raw in
            while done < raw.count {
                let put = writeSome(descriptor, raw.baseAddress! + done, raw.count - done)
                if put < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                done += put
            }
            return nil
        }
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        let closed = close(descriptor)
        if failure == nil, closed != 0 { failure = errno }
        return failure
    }
}
