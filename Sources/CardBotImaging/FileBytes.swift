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
            let said = error.kind == .isDirectory ? Messages.later("is a directory, not an image file") : error.said
            throw ImageError(kind, file: path, said: said)
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
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw ImageError(.writeFailed, file: path, said: error.said)
        }
    }
}
