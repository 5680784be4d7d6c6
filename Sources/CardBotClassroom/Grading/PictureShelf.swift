import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The pictures of a class's sessions, by session path: kept in memory while they are few, then moved to a
/// temporary file, so that grading a class of any size holds its pictures in constant memory.
///
/// The first ``memoryLimit`` bytes stay in memory (a small class is reported straight from them); the pictures of
/// every session put after that go to one file in `$TMPDIR`, unlinked as soon as it is opened, so nothing is left
/// behind however the process ends, and are read back one session at a time when the report asks for them. Safe
/// to use from several threads.
public final class PictureShelf: @unchecked Sendable {
    /// Bytes of pictures kept in memory before the shelf spills to its file (4 MiB).
    public static let memoryLimit = 4 << 20

    /// Where one session's pictures lie in the spill file.
    private struct Spilled {
        var thumbnail: Range<Int>?
        var map: Range<Int>?
        var replays: [(attempt: Int, bytes: Range<Int>)]
        var replaysLeftOut: Int
        /// The pictures that could not be made.
        var notMade: [String] = []
        /// The cards as read, by attempt (nil where the frame does not show the card).
        var crops: [Int: [Range<Int>?]] = [:]
        /// The session's bytes and pictures, as ``PictureShelf/size(of:)`` counted them.
        var size = (bytes: 0, count: 0)
    }

    private let lock = NSLock()
    private let memoryLimit: Int
    private let spillFolder: String
    private var inMemory: [String: SessionPictures] = [:]
    private var spilled: [String: Spilled] = [:]
    private var memoryBytes = 0
    /// Session paths shown under other names (``anonymise(aliases:)``): alias to path.
    private var aliases: [String: String] = [:]
    /// Only the maps are given out (``anonymise(aliases:)``).
    private var mapsOnly = false
    /// The bytes and the number of every picture on the shelf.
    private var total = (bytes: 0, count: 0)
    /// The spill file's descriptor (-1 until the first spill, or when it could not be made) and its length.
    private var descriptor: Int32 = -1
    private var length = 0

    /// A shelf holding `pictures`; past `memoryLimit` bytes the rest goes to a temporary file in `spillFolder`
    /// (`$TMPDIR`, else `/tmp`, by default).
    public init(
        _ pictures: [String: SessionPictures] = [:], memoryLimit: Int = PictureShelf.memoryLimit, spillFolder: String? = nil
    ) {
        self.memoryLimit = memoryLimit
        self.spillFolder =
            spillFolder ?? ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        for (path, picture) in pictures { put(picture, for: path) }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The bytes of every picture on the shelf (the cards as read included).
    public var totalBytes: Int { lock.withLock { total.bytes } }

    /// How many pictures the shelf holds (each card as read is one).
    public var totalCount: Int { lock.withLock { total.count } }

    /// The session paths that have pictures.
    public var paths: [String] { lock.withLock { Array(inMemory.keys) + Array(spilled.keys) } }

    /// Puts the pictures of the session at `path`, replacing any it had.
    public func put(_ pictures: SessionPictures, for path: String) {
        let size = Self.size(of: pictures)
        lock.withLock {
            remove(path)
            total = (total.bytes + size.bytes, total.count + size.count)
            if memoryBytes + size.bytes <= memoryLimit || !spill(pictures, for: path, size: size) {
                inMemory[path] = pictures
                memoryBytes += size.bytes
            }
        }
    }

    /// The pictures of the session at `path`, read back from the spill file when they were moved there.
    public subscript(path: String) -> SessionPictures? {
        lock.withLock {
            let path = aliases[path] ?? path
            if let pictures = inMemory[path] { return mapsOnly ? SessionPictures(map: pictures.map) : pictures }
            guard let place = spilled[path] else { return nil }
            if mapsOnly { return SessionPictures(map: place.map.map(read)) }
            var pictures = SessionPictures(thumbnail: place.thumbnail.map(read), map: place.map.map(read))
            pictures.replays = place.replays.map { (attempt: $0.attempt, gif: read($0.bytes)) }
            pictures.replaysLeftOut = place.replaysLeftOut
            pictures.notMade = place.notMade
            pictures.crops = place.crops.mapValues { $0.map { $0.map(read) } }
            return pictures
        }
    }

    /// Gives out the pictures of each session under its alias (`aliases`: alias to path), and only the level's
    /// map with the robot's path: the camera's pictures (the last frame, the cards as read, the replays on the
    /// table) may show a child's face, hands or name tag, and an anonymised report leaves them out.
    public func anonymise(aliases: [String: String]) {
        lock.withLock {
            self.aliases = aliases
            mapsOnly = true
        }
    }

    /// The bytes of `pictures` and how many pictures they are: the last frame, the map, the replays and every card
    /// as read (a session of hundreds of attempts has thousands of those).
    static func size(of pictures: SessionPictures) -> (bytes: Int, count: Int) {
        var bytes = (pictures.thumbnail?.count ?? 0) + (pictures.map?.count ?? 0) + pictures.replays.reduce(0) { $0 + $1.gif.count }
        var count = (pictures.thumbnail == nil ? 0 : 1) + (pictures.map == nil ? 0 : 1) + pictures.replays.count
        for crops in pictures.crops.values {
            for case let crop? in crops {
                bytes += crop.count
                count += 1
            }
        }
        return (bytes, count)
    }

    /// Forgets the pictures of `path` (their bytes in the spill file stay unused). Call with the lock held.
    private func remove(_ path: String) {
        let size: (bytes: Int, count: Int)
        if let old = inMemory.removeValue(forKey: path) {
            size = Self.size(of: old)
            memoryBytes -= size.bytes
        } else if let old = spilled.removeValue(forKey: path) {
            size = old.size
        } else {
            return
        }
        total = (total.bytes - size.bytes, total.count - size.count)
    }

    /// Appends `pictures` to the spill file; false when the file cannot be made or written (they stay in memory).
    /// Call with the lock held.
    private func spill(_ pictures: SessionPictures, for path: String, size: (bytes: Int, count: Int)) -> Bool {
        if descriptor < 0 {
            var template = Array("\(spillFolder)/.cardbot-pictures-XXXXXX".utf8CString)
            descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else { return false }
            // Unlinked at once: the file lives as long as the descriptor, and nothing is left when the process ends.
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        }
        let start = length
        var place = Spilled(
            thumbnail: nil, map: nil, replays: [], replaysLeftOut: pictures.replaysLeftOut, notMade: pictures.notMade, size: size)
        guard let thumbnail = append(pictures.thumbnail), let map = append(pictures.map) else {
            length = start
            return false
        }
        place.thumbnail = pictures.thumbnail == nil ? nil : thumbnail
        place.map = pictures.map == nil ? nil : map
        for replay in pictures.replays {
            guard let range = append(replay.gif) else {
                length = start
                return false
            }
            place.replays.append((attempt: replay.attempt, bytes: range))
        }
        // The cards as read go too: a spilled session's report shows its evidence as one kept in memory does.
        for (attempt, crops) in pictures.crops {
            var ranges: [Range<Int>?] = []
            for crop in crops {
                guard let crop else {
                    ranges.append(nil)
                    continue
                }
                guard let range = append(crop) else {
                    length = start
                    return false
                }
                ranges.append(range)
            }
            place.crops[attempt] = ranges
        }
        spilled[path] = place
        return true
    }

    /// Writes `bytes` at the end of the spill file; their place, or nil when the write failed.
    private func append(_ bytes: [UInt8]?) -> Range<Int>? {
        guard let bytes, !bytes.isEmpty else { return length..<length }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                pwrite(descriptor, buffer.baseAddress! + written, bytes.count - written, off_t(length + written))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            written += count
        }
        defer { length += bytes.count }
        return length..<(length + bytes.count)
    }

    /// The bytes at `range` of the spill file (empty where the file can no longer be read).
    private func read(_ range: Range<Int>) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: range.count)
        var done = 0
        while done < range.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + done, range.count - done, off_t(range.lowerBound + done))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return [] }
            done += count
        }
        return bytes
    }
}
