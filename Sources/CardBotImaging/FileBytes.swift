#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CardBotSupport

/// Reading and writing whole files with POSIX calls: no Foundation on the frame path.
public enum FileBytes {
    /// Reads the whole file at `path` into `buffer` (reused when large enough).
    /// - Throws: `ImageError` for a missing path, a directory, an unreadable or oversized file.
    public static func read(_ path: String, into buffer: inout [UInt8], maxBytes: Int = ImageLimits.default.maxFileBytes)
        throws
    {
        do {
            try RegularFile.read(path, into: &buffer, maxBytes: maxBytes)
        } catch {
            let kind: ImageError.Kind
            switch error.kind {
            case .notFound: kind = .notFound
            case .isDirectory: kind = .isDirectory
            case .tooLarge: kind = .tooLarge
            case .notRegular, .unreadable: kind = .unreadable
            }
            let reason = error.kind == .isDirectory ? "is a directory, not an image file" : error.reason
            throw ImageError(kind, file: path, reason: reason)
        }
    }

    /// Reads the whole file at `path`.
    public static func read(_ path: String, maxBytes: Int = ImageLimits.default.maxFileBytes) throws -> [UInt8] {
        var buffer: [UInt8] = []
        try read(path, into: &buffer, maxBytes: maxBytes)
        return buffer
    }

    /// Writes `bytes` to `path` atomically: to a temporary file beside it, flushed to disk (`fsync`), then renamed
    /// over it, so that an interrupted write or a power cut leaves the old file or the new one, never half a file.
    /// The temporary is removed if the process is interrupted meanwhile (see `TemporaryFiles`).
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        let temporary = TemporaryFiles.name(for: path)
        let slot = TemporaryFiles.track(temporary)
        defer { TemporaryFiles.forget(slot) }
        let descriptor = PathName.withCString(temporary) { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else {
            throw ImageError(.writeFailed, file: path, reason: "cannot create: \(String(cString: strerror(errno)))")
        }
        var done = 0
        var failure: Int32? = bytes.withUnsafeBytes { raw in
            while done < raw.count {
                let put = write(descriptor, raw.baseAddress! + done, raw.count - done)
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
        if failure == nil, PathName.withCString(temporary, { from in PathName.withCString(path) { rename(from, $0) } }) != 0 {
            failure = errno
        }
        if let failure {
            _ = PathName.withCString(temporary) { unlink($0) }
            throw ImageError(.writeFailed, file: path, reason: "cannot write: \(String(cString: strerror(failure)))")
        }
        FileSystem.syncFolder(of: path)
    }
}
