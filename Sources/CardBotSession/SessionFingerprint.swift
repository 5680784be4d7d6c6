import CardBotSupport
import Foundation

/// The content that identifies a recorded session, so a gradebook can tell an unchanged session (wherever it now
/// lies) from a changed one: `session.json` and every still, or `session.json` and the video, each by name, size
/// and a hash of its bytes, and the teacher's `corrections.json` when there is one.
///
/// The source decides what is hashed, so every kind of session is covered by construction: two videos that differ
/// in one byte have different fingerprints, with or without a `session.json`.
public struct SessionFingerprint: Sendable, Equatable {
    /// One file of the session.
    public struct File: Sendable, Equatable {
        /// The name inside the session folder.
        public var name: String
        /// Its size in bytes (-1 when it cannot be read).
        public var size: Int
        /// XXH64 of its bytes, 16 hex digits (for a video, of its 8 MiB chunks' hashes; empty when it cannot be read).
        public var hash: String
    }

    /// `session.json` (when there is one), then the stills in playing order or the video.
    public var files: [File]
    /// The fingerprint: 32 hex digits over every file's name, size and hash, in order.
    public var value: String
    /// When the newest of the files was last changed: when the session was recorded (not part of the value).
    public var modified: Date?

    /// The bytes of a video hashed at a time; a video is hashed chunk by chunk, never held whole in memory.
    public static let videoChunkBytes = 8 << 20

    /// The fingerprint of `session`: its session.json and its stills or its video. A stream has no content to
    /// hash and gets the fingerprint of nothing.
    public init(_ session: RecordedSession) {
        var entries: [(name: String, path: String, chunked: Bool)] = []
        if session.hasManifest, let manifest = session.manifestPath {
            entries.append((RecordedSession.manifestName, manifest, false))
        }
        switch session.source {
        case .stills(let names, let paths, _):
            entries += zip(names, paths).map { ($0, $1, false) }
        case .video(let path):
            entries.append((String(path.split(separator: "/").last ?? Substring(path)), path, true))
        case .stream:
            break
        }
        // A teacher's corrections change the grade: they are part of what the session is.
        if let corrections = session.correctionsPath, FileSystem.exists(corrections) {
            entries.append((SessionCorrections.fileName, corrections, false))
        }
        var buffer: [UInt8] = []
        var newest: Double? = nil
        files = entries.map { entry in
            let read: (Double, Int, UInt64)?
            if entry.chunked {
                read = Self.hashChunks(entry.path, into: &buffer)
            } else {
                read = Self.read(entry.path, into: &buffer).map { ($0, buffer.count, XXHash64.hash(buffer)) }
            }
            guard let (changed, size, hash) = read else { return File(name: entry.name, size: -1, hash: "") }
            newest = max(newest ?? changed, changed)
            return File(name: entry.name, size: size, hash: XXHash64.hex(hash))
        }
        modified = newest.map { Date(timeIntervalSince1970: $0) }
        let listing = Array(files.map { "\($0.name)\t\($0.size)\t\($0.hash)\n" }.joined().utf8)
        value = XXHash64.hex(XXHash64.hash(listing, seed: 1)) + XXHash64.hex(XXHash64.hash(listing, seed: 2))
    }

    /// Hashes the file at `path` in ``videoChunkBytes`` chunks (XXH64 of each, then XXH64 of the list of chunk
    /// hashes); returns its modification time, size and hash, or nil when it cannot be read.
    static func hashChunks(_ path: String, into buffer: inout [UInt8]) -> (Double, Int, UInt64)? {
        let descriptor = PathName.withCString(path) { open($0, O_RDONLY) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var chunkHashes: [UInt64] = []
        var total = 0
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: repeatElement(0, count: videoChunkBytes))
        while true {
            var filled = 0
            while filled < videoChunkBytes {
                let got = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress! + filled, videoChunkBytes - filled) }
                if got < 0 { return nil }
                if got == 0 { break }
                filled += got
            }
            if filled == 0 { break }
            chunkHashes.append(buffer.withUnsafeBytes { XXHash64.hash(UnsafeRawBufferPointer(rebasing: $0[0..<filled])) })
            total += filled
            if filled < videoChunkBytes { break }
        }
        let listing = chunkHashes.withUnsafeBytes { Array($0) }
        let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
        return (modified, total, XXHash64.hash(listing, seed: UInt64(total)))
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
        let descriptor = PathName.withCString(path) { open($0, O_RDONLY) }
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
