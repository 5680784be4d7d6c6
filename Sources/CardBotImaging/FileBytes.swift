#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and writing whole files with POSIX calls: no Foundation on the frame path.
public enum FileBytes {
    /// Reads the whole file at `path` into `buffer` (reused when large enough).
    /// - Throws: `ImageError` for a missing path, a directory, an unreadable or oversized file.
    public static func read(_ path: String, into buffer: inout [UInt8], maxBytes: Int = ImageLimits.default.maxFileBytes)
        throws
    {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR {
                throw ImageError(.notFound, file: path, reason: "no such file")
            }
            throw ImageError(.unreadable, file: path, reason: "cannot open: \(String(cString: strerror(code)))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw ImageError(.unreadable, file: path, reason: "cannot stat: \(String(cString: strerror(errno)))")
        }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            throw ImageError(.isDirectory, file: path, reason: "is a directory, not an image file")
        }
        let size = Int(status.st_size)
        if size > maxBytes {
            throw ImageError(.tooLarge, file: path, reason: "the file is \(size) bytes, more than the limit of \(maxBytes)")
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
        if let failure {
            throw ImageError(.unreadable, file: path, reason: "cannot read: \(String(cString: strerror(failure)))")
        }
        if done < size { buffer.removeLast(size - done) }
    }

    /// Reads the whole file at `path`.
    public static func read(_ path: String, maxBytes: Int = ImageLimits.default.maxFileBytes) throws -> [UInt8] {
        var buffer: [UInt8] = []
        try read(path, into: &buffer, maxBytes: maxBytes)
        return buffer
    }

    /// Writes `bytes` to `path` atomically: to a temporary file beside it, then renamed over it,
    /// so that an interrupted write never leaves half a file.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        let temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw ImageError(.writeFailed, file: path, reason: "cannot create: \(String(cString: strerror(errno)))")
        }
        var done = 0
        let failure: Int32? = bytes.withUnsafeBytes { raw in
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
        let closed = close(descriptor)
        if failure != nil || closed != 0 || rename(temporary, path) != 0 {
            let code = failure ?? errno
            unlink(temporary)
            throw ImageError(.writeFailed, file: path, reason: "cannot write: \(String(cString: strerror(code)))")
        }
    }
}

@inline(__always)
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
