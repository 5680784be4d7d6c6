#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive lock on a folder, held while a piece of work reads, changes and writes back a file in it: two
/// teachers correcting one session at once take turns, and neither correction is lost.
///
/// The lock is `flock` on the folder's descriptor (advisory: every writer of the file takes it), released when the
/// work ends or the process dies. The folder is locked rather than the file, because the file is replaced whole
/// (``AtomicFile``): a lock on the old file would not stop a writer of the new one.
public enum FolderLock {
    /// Runs `work` while holding the lock on the folder at `path`, waiting for another holder to finish.
    /// - Throws: ``Problem`` naming `path` when the folder cannot be opened or locked; whatever `work` throws.
    public static func exclusive<T>(_ path: String, _ work: () throws -> T) throws -> T {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw Problem(file: path, Messages.text("cannot be locked for the change: %s", RegularFile.message(errno)))
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw Problem(file: path, Messages.text("cannot be locked for the change: %s", RegularFile.message(errno)))
            }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try work()
    }
}
