import CardBotClassroom
import Foundation
import Testing

/// The pictures of a class are kept in constant memory: past the shelf's limit they go to an unlinked temporary
/// file and come back byte for byte.
@Suite struct PictureShelfTests {
    /// Pictures whose bytes tell the session and the picture apart.
    static func pictures(_ index: Int, bytes: Int) -> SessionPictures {
        var pictures = SessionPictures(
            thumbnail: (0..<bytes).map { UInt8(truncatingIfNeeded: $0 &+ index) },
            map: index % 3 == 0 ? nil : [UInt8](repeating: UInt8(index % 251), count: bytes / 2))
        pictures.replays = (1..<(1 + index % 3)).map { attempt in
            (attempt: attempt, gif: [UInt8](repeating: UInt8(attempt), count: bytes / 3 + index))
        }
        pictures.replaysLeftOut = index % 2
        // The cards as read, a card the frame does not show among them (nil).
        if index % 4 != 0 {
            pictures.crops = [1: [[UInt8](repeating: UInt8(index), count: 300), nil], 2: [[UInt8](repeating: 7, count: 10 + index)]]
        }
        return pictures
    }

    /// The bytes and the number of `pictures`, counted here by hand: the last frame, the map, the replays and every
    /// card as read.
    static func size(_ pictures: SessionPictures) -> (bytes: Int, count: Int) {
        let crops = pictures.crops.values.flatMap { $0.compactMap { $0 } }
        let bytes = (pictures.thumbnail?.count ?? 0) + (pictures.map?.count ?? 0) + pictures.replays.reduce(0) { $0 + $1.gif.count }
            + crops.reduce(0) { $0 + $1.count }
        let count = (pictures.thumbnail == nil ? 0 : 1) + (pictures.map == nil ? 0 : 1) + pictures.replays.count + crops.count
        return (bytes, count)
    }

    static func same(_ a: SessionPictures?, _ b: SessionPictures?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.thumbnail == b.thumbnail && a.map == b.map && a.replaysLeftOut == b.replaysLeftOut
            && a.replays.map(\.attempt) == b.replays.map(\.attempt) && a.replays.map(\.gif) == b.replays.map(\.gif)
            && a.crops == b.crops
    }

    @Test("pictures past the memory limit come back from the spill file byte for byte (the cards as read too), from several threads")
    func spillAndReadBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let shelf = PictureShelf(memoryLimit: 50_000, spillFolder: folder.path)
        DispatchQueue.concurrentPerform(iterations: 40) { index in
            shelf.put(Self.pictures(index, bytes: 6_000), for: "s\(index)")
        }
        // The spill file is unlinked as soon as it is made: nothing to clean up, even after kill -9.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
        let expected = (0..<40).reduce(0) { $0 + Self.size(Self.pictures($1, bytes: 6_000)).bytes }
        let count = (0..<40).reduce(0) { $0 + Self.size(Self.pictures($1, bytes: 6_000)).count }
        #expect(shelf.totalBytes == expected)
        // 40 last frames, 26 maps, 39 replays and 30 sessions of 2 cards as read.
        #expect(count == 40 + 26 + 39 + 60)
        #expect(shelf.totalCount == count)
        #expect(expected > 5 * 50_000)
        for index in 0..<40 { #expect(Self.same(shelf["s\(index)"], Self.pictures(index, bytes: 6_000)), "s\(index)") }
        #expect(shelf["s40"] == nil)
        #expect(Set(shelf.paths) == Set((0..<40).map { "s\($0)" }))
        // A session put again replaces its pictures and their bytes.
        shelf.put(Self.pictures(7, bytes: 10), for: "s3")
        #expect(Self.same(shelf["s3"], Self.pictures(7, bytes: 10)))
        let before = Self.size(Self.pictures(3, bytes: 6_000))
        let now = Self.size(Self.pictures(7, bytes: 10))
        #expect(shelf.totalBytes == expected - before.bytes + now.bytes)
        #expect(shelf.totalCount == count - before.count + now.count)
    }
}
