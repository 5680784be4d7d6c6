import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files of atomic writes (`NAME.tmp-PID-RANDOM`): removed when the process is interrupted
/// (SIGINT, SIGTERM, SIGHUP) while one is open, and swept on a later run when a killed process left one behind.
public enum TemporaryFiles {
    /// The marker between a file's name and the writer's process id.
    public static let marker = ".tmp-"

    /// Up to this many temporaries are tracked at once (further ones are only swept later).
    private static let slotCount = 16
    private static let slotBytes = 4096
    /// Slots holding NUL-terminated paths; an empty slot starts with NUL. Read by the signal handler, which may
    /// only call async-signal-safe functions (`unlink`, `signal`, `raise`).
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<CChar> = {
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * slotBytes)
        pointer.initialize(repeating: 0, count: slotCount * slotBytes)
        return pointer
    }()
    nonisolated(unsafe) private static var lock = pthread_mutex_t()
    nonisolated(unsafe) private static var installed = false

    /// A fresh temporary name beside `path`.
    public static func name(for path: String) -> String {
        "\(path)\(marker)\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Remembers `temporary` so that an interrupt removes it; returns the slot to give ``forget(_:)``, or nil.
    public static func track(_ temporary: String) -> Int? {
        let bytes = PathName.bytes(temporary)
        guard bytes.count < slotBytes else { return nil }
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        installHandlers()
        for slot in 0..<slotCount where slots[slot * slotBytes] == 0 {
            let base = slots + slot * slotBytes
            for (offset, byte) in bytes.enumerated().dropFirst() { base[offset] = CChar(bitPattern: byte) }
            base[bytes.count] = 0
            base[0] = CChar(bitPattern: bytes[0])  // last: the slot is complete before it is seen as used
            return slot
        }
        return nil
    }

    /// Stops tracking a slot (after the rename, or after removing the file).
    public static func forget(_ slot: Int?) {
        guard let slot else { return }
        pthread_mutex_lock(&lock)
        slots[slot * slotBytes] = 0
        pthread_mutex_unlock(&lock)
    }

    /// Removes temporaries left beside `path` by writers that are no longer running (files, and the folders that a
    /// report's pictures are written into before they take their place).
    public static func sweep(besides path: String) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? "."
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let names = try? FileSystem.names(in: folder) else { return }
        let prefix = base + marker
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid > 0 else { continue }
            if pid == getpid() { continue }
            if kill(pid, 0) == 0 || errno == EPERM { continue }  // still running (maybe another user's)
            let left = FileSystem.join(slash == nil ? "" : folder, name)
            // A folder (a report's pictures folder being filled) goes whole; an interrupt cannot remove it.
            if FileSystem.kind(left) == .directory {
                try? FileManager.default.removeItem(atPath: left)
            } else {
                _ = PathName.withCString(left) { unlink($0) }
            }
        }
    }

    private static func installHandlers() {
        guard !installed else { return }
        installed = true
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            var current = sigaction()
            sigaction(signalNumber, nil, &current)
            // Keep a handler someone else installed, and an ignored signal ignored.
            #if canImport(Darwin)
            let handler = current.__sigaction_u.__sa_handler
            #else
            let handler = current.__sigaction_handler.sa_handler
            #endif
            guard handler == nil || unsafeBitCast(handler, to: Int.self) == 0 else { continue }
            _ = signal(signalNumber, removeTemporariesAndExit)
        }
        // A parent may have started this process with these signals blocked (Foundation's Process does): unblock
        // them in this thread, so that they reach the handler (any thread not blocking a signal may take it).
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&unblock, signalNumber) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }
}

/// The signal handler: removes every tracked temporary, then dies of the signal as it would have.
private func removeTemporariesAndExit(_ signalNumber: Int32) {
    TemporaryFiles.removeAllTracked()
    _ = signal(signalNumber, SIG_DFL)
    _ = raise(signalNumber)
}

extension TemporaryFiles {
    /// Unlinks every tracked path; async-signal-safe (no allocation, no locks).
    fileprivate static func removeAllTracked() {
        for slot in 0..<slotCount where slots[slot * slotBytes] != 0 {
            unlink(slots + slot * slotBytes)
        }
    }
}
