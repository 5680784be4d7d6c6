import CardBotClassroom
import Foundation

/// What a session is made of, so a gradebook can tell an unchanged session (wherever it now lies) from a
/// changed one: `session.json` and every frame, each by name, size and a hash of its bytes.
public struct SessionFingerprint: Sendable, Equatable {
    /// One file of the session.
    public struct File: Sendable, Equatable {
        /// The name inside the session folder.
        public var name: String
        /// Its size in bytes (-1 when it cannot be read).
        public var size: Int
        /// XXH64 of its bytes, 16 hex digits (empty when it cannot be read).
        public var hash: String
    }

    /// `session.json` (when there is one), then the frames in playing order.
    public var files: [File]
    /// The fingerprint: 32 hex digits over every file's name, size and hash, in order.
    public var value: String
    /// When the newest of the files was last changed: when the session was recorded (not part of the value).
    public var modified: Date?

    /// The fingerprint of `folder`: its session.json and its frames.
    public init(_ folder: SessionFolder) {
        var names: [String] = []
        var paths: [String] = []
        if folder.hasManifest {
            names.append(SessionFolder.manifestName)
            paths.append((folder.path as NSString).appendingPathComponent(SessionFolder.manifestName))
        }
        names += folder.frameNames
        paths += folder.framePaths
        var buffer: [UInt8] = []
        var newest: Double? = nil
        files = zip(names, paths).map { name, path in
            guard let changed = Self.read(path, into: &buffer) else { return File(name: name, size: -1, hash: "") }
            newest = max(newest ?? changed, changed)
            return File(name: name, size: buffer.count, hash: XXHash64.hex(XXHash64.hash(buffer)))
        }
        modified = newest.map { Date(timeIntervalSince1970: $0) }
        let listing = Array(files.map { "\($0.name)\t\($0.size)\t\($0.hash)\n" }.joined().utf8)
        value = XXHash64.hex(XXHash64.hash(listing, seed: 1)) + XXHash64.hex(XXHash64.hash(listing, seed: 2))
    }

    /// The XXH64 of a whole file as 16 hex digits, or nil when it cannot be read.
    public static func hash(ofFile path: String) -> String? {
        var buffer: [UInt8] = []
        guard read(path, into: &buffer) != nil else { return nil }
        return XXHash64.hex(XXHash64.hash(buffer))
    }

    /// Reads the file at `path` into `buffer` (reusing its storage); returns its modification time in seconds
    /// since 1970, or nil when it cannot be read.
    static func read(_ path: String, into buffer: inout [UInt8]) -> Double? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        let size = Int(status.st_size)
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: repeatElement(0, count: size))
        var done = 0
        while done < size {
            let got = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress! + done, size - done) }
            if got < 0 { return nil }
            if got == 0 { break }
            done += got
        }
        buffer.removeLast(size - done)
        return Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
    }
}
