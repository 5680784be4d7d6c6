import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Listing folders and asking what a path is, with file names kept as bytes (see ``PathName``): a name that is
/// not UTF-8 is listed and can be opened, where Foundation's `FileManager` would drop or mangle it.
public enum FileSystem {
    /// What a path is.
    public enum Kind: Sendable, Equatable {
        case missing, regular, directory, other
    }

    /// The names in the folder at `path` (not `.` and `..`), in no particular order.
    /// - Throws: ``RegularFile/Failure`` when the folder cannot be opened.
    public static func names(in path: String) throws(RegularFile.Failure) -> [String] {
        guard let directory = PathName.withCString(path, { opendir($0) }) else {
            let code = errno
            throw RegularFile.Failure(
                kind: code == ENOENT ? .notFound : .unreadable,
                said: Messages.later("cannot list the folder: %s", .plain(RegularFile.message(code))))
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) {
                    PathName.string(fromCString: $0)
                }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// What `path` is, following symbolic links.
    public static func kind(_ path: String) -> Kind {
        var status = stat()
        guard PathName.withCString(path, { stat($0, &status) }) == 0 else { return .missing }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// Whether `a` and `b` name the same file: the same device and inode when both exist, else the same absolute
    /// path once `.` and `..` are resolved (a file about to be made is the same as one named another way).
    public static func isSameFile(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        if PathName.withCString(a, { stat($0, &first) }) == 0 && PathName.withCString(b, { stat($0, &second) }) == 0 {
            return first.st_dev == second.st_dev && first.st_ino == second.st_ino
        }
        return absolute(a) == absolute(b)
    }

    /// Renames `from` to `to` (`rename(2)`: atomic, replacing a file or an empty folder at `to`); nil when done,
    /// else the system's reason.
    public static func rename(_ from: String, to: String) -> String? {
        let done = PathName.withCString(from) { source in PathName.withCString(to) { systemRename(source, $0) } } == 0
        return done ? nil : String(cString: strerror(errno))
    }

    /// Whether anything (even a dangling or looping symbolic link) is at `path`.
    public static func exists(_ path: String) -> Bool {
        var status = stat()
        return PathName.withCString(path, { lstat($0, &status) }) == 0
    }

    /// Whether `path` itself is a symbolic link.
    public static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return PathName.withCString(path, { lstat($0, &status) }) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    }

    /// The modification time of `path` in seconds since 1970, or nil.
    public static func modificationTime(_ path: String) -> Double? {
        var status = stat()
        guard PathName.withCString(path, { stat($0, &status) }) == 0 else { return nil }
        #if canImport(Darwin)
        return Double(status.st_mtimespec.tv_sec) + Double(status.st_mtimespec.tv_nsec) / 1e9
        #else
        return Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
        #endif
    }

    /// The absolute path of `path` with every symbolic link, `.` and `..` resolved, or nil when some part
    /// of it does not exist or loops.
    public static func resolved(_ path: String) -> String? {
        guard let pointer = PathName.withCString(path, { realpath($0, nil) }) else { return nil }
        defer { free(pointer) }
        return PathName.string(fromCString: pointer)
    }

    /// The absolute path of `path` with the symbolic links, `.` and `..` of its existing part resolved, the rest
    /// (files and folders yet to be made) appended as written.
    public static func absolute(_ path: String) -> String {
        let full = normalized(path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
        var existing = full
        var rest: [String] = []
        while existing != "/", resolved(existing) == nil {
            let slash = existing.lastIndex(of: "/") ?? existing.startIndex
            rest.insert(String(existing[existing.index(after: slash)...]), at: 0)
            existing = slash == existing.startIndex ? "/" : String(existing[..<slash])
        }
        let base = resolved(existing) ?? existing
        return rest.isEmpty ? base : (base == "/" ? "/" : base + "/") + rest.joined(separator: "/")
    }

    /// `path` with `.` and `..` resolved textually (the folders need not exist).
    public static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == ".." && path.hasPrefix("/") {
                continue
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// Flushes the file at `path` to the disk (`fsync`); false when it cannot be opened or flushed.
    @discardableResult
    public static func sync(_ path: String) -> Bool {
        let descriptor = PathName.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return fsync(descriptor) == 0
    }

    /// Flushes the folder holding `path` (after a rename into it, so that the new name survives a power cut).
    @discardableResult
    public static func syncFolder(of path: String) -> Bool {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let descriptor = PathName.withCString(folder) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return fsync(descriptor) == 0
    }

    /// `name` inside `folder`.
    public static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty || name.hasPrefix("/") { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}

/// The C library's `rename`, which ``FileSystem/rename(_:to:)`` hides inside the enum.
private func systemRename(_ from: UnsafePointer<CChar>, _ to: UnsafePointer<CChar>) -> Int32 { rename(from, to) }
