import CardBotSupport
import Foundation
import Testing

/// Whole files are replaced in one step, and nothing is left behind: no temporary beside the file, no folder in
/// `/tmp` (Foundation's atomic write leaves an empty `TemporaryDirectory.*` there on every call).
@Suite struct AtomicFileTests {
    @Test("a file is written, replaced whole, and its folder holds nothing else afterwards")
    func writeAndReplace() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/optimum.json"
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()))
        try AtomicFile.write(Array("first, and longer than the second\n".utf8), to: path)
        try AtomicFile.write(Array("second\n".utf8), to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("second\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["optimum.json"])
        let after = Set(try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()))
        #expect(after.subtracting(before).filter { $0.hasPrefix("TemporaryDirectory.") }.isEmpty)
    }

    @Test("a file that cannot be written says why, and leaves no temporary behind")
    func failureSaysWhy() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: AtomicFile.Failure(reason: "cannot create: No such file or directory")) {
            try AtomicFile.write([1, 2, 3], to: folder + "/missing/file.bin")
        }
        // A folder where the file should go: the rename fails, and the temporary is removed.
        try FileManager.default.createDirectory(atPath: folder + "/taken", withIntermediateDirectories: true)
        #expect(throws: AtomicFile.Failure.self) { try AtomicFile.write([1, 2, 3], to: folder + "/taken") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["taken"])
    }
}
