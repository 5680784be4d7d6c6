import CardBotSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Byte file names, regular files only, and text made safe for a terminal.
@Suite("file names and terminal text")
struct FileNameAndTerminalTests {
    @Test("a name that is not UTF-8 survives the trip through a String, byte for byte")
    func byteNameRoundTrip() {
        let raw: [UInt8] = [0x61, 0xFF, 0x2E, 0xC3, 0xA9, 0xE2, 0x82, 0x6A, 0x70, 0x67, 0xC0, 0x80, 0xED, 0xA0, 0x80]
        let name = PathName.string(fromBytes: raw)
        #expect(PathName.bytes(name) == raw)
        #expect(name.hasPrefix("a") && name.contains("é"))
        #expect(TerminalText.visible(name) == "a\\xFF.é\\xE2\\x82jpg\\xC0\\x80\\xED\\xA0\\x80")
        #expect(PathName.string(fromBytes: Array("plain-é.jpg".utf8)) == "plain-é.jpg")
    }

    @Test("a raw byte and a valid name holding the scalar that would stand for it stay two names, byte for byte")
    func escapeScalarsNeverCollide() {
        let raw: [UInt8] = Array("caf".utf8) + [0xE9]
        let valid: [UInt8] = Array("caf\u{10FFE9}".utf8)
        let edges: [[UInt8]] = [Array("\u{10FF80}".utf8), Array("\u{10FFFF}".utf8), Array("x\u{10FF7F}".utf8)]
        #expect(PathName.string(fromBytes: raw) != PathName.string(fromBytes: valid))
        for bytes in [raw, valid] + edges {
            #expect(PathName.bytes(PathName.string(fromBytes: bytes)) == bytes, "\(bytes)")
        }
        // U+10FF7F lies below the escapes: kept as the text it is.
        #expect(PathName.string(fromBytes: edges[2]) == "x\u{10FF7F}")
        #expect(TerminalText.visible(PathName.string(fromBytes: valid)) == "caf\\xF4\\x8F\\xBF\\xA9")
    }

    @Test("a byte-named file is listed and read through FileSystem and RegularFile")
    func byteNamedFileOnDisk() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("support-\(UUID().uuidString)").path
        #expect(mkdir(folder, 0o755) == 0)
        defer { _ = try? FileManager.default.removeItem(atPath: folder) }
        let name = PathName.string(fromBytes: [0x62, 0xFF, 0x2E, 0x6A, 0x70, 0x67])
        let path = FileSystem.join(folder, name)
        let descriptor = PathName.withCString(path) { open($0, O_WRONLY | O_CREAT, 0o644) }
        #expect(descriptor >= 0)
        _ = write(descriptor, "hello", 5)
        close(descriptor)
        #expect(try FileSystem.names(in: folder) == [name])
        #expect(try RegularFile.read(path, maxBytes: 100) == Array("hello".utf8))
        #expect(FileSystem.kind(path) == .regular)
    }

    @Test("a FIFO and a device are refused by what they are; a directory is named as one")
    func notRegular() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("support-\(UUID().uuidString)").path
        #expect(mkdir(folder, 0o755) == 0)
        defer { _ = try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/pipe"
        #expect(mkfifo(fifo, 0o644) == 0)
        for (path, kind, reason) in [
            (fifo, RegularFile.Failure.Kind.notRegular, "is a FIFO (named pipe), not a regular file"),
            ("/dev/null", .notRegular, "is a character device, not a regular file"),
            (folder, .isDirectory, "is a directory, not a file"),
        ] {
            let failure = #expect(throws: RegularFile.Failure.self) { try RegularFile.read(path, maxBytes: 100) }
            #expect(failure?.kind == kind, "\(path)")
            #expect(failure?.reason == reason, "\(path)")
        }
    }

    @Test("control characters become visible; the program's own colour codes survive only where asked")
    func terminalText() {
        let hostile = "\u{1B}[2J\u{1B}]0;pwned\u{07}Eve\u{9B}\u{202E}"
        #expect(TerminalText.visible(hostile) == "\\u001B[2J\\u001B]0;pwned\\u0007Eve\\u009B\\u202E")
        let colored = "\u{1B}[32m★★★\u{1B}[0m \u{1B}[2J"
        #expect(TerminalText.controlsVisible(colored, keepingColors: true) == "\u{1B}[32m★★★\u{1B}[0m \\u001B[2J")
        #expect(TerminalText.truncated(String(repeating: "ab", count: 30), width: 10) == "ababababa…")
        #expect(TerminalText.truncated("short", width: 10) == "short")
    }
}
