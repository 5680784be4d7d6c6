/// File names are bytes on Linux; Swift strings are Unicode. `PathName` carries a name that is not valid UTF-8
/// through a `String` without loss, so that such a file can still be opened, listed and reported.
///
/// Each byte of an invalid UTF-8 sequence is kept as one private-use scalar (U+10FF80 + byte − 0x80), the way
/// Python's "surrogateescape" keeps them; valid text is unchanged, except that a valid name that holds one of
/// those very scalars (U+10FF80...U+10FFFF, four bytes each in UTF-8) has those bytes escaped too, so that two
/// different names never become one string (`caf\xE9` and `caf` + U+10FFE9 stay two names). ``bytes(_:)`` turns a name back into the
/// exact bytes to give the system, and ``TerminalText/visible(_:)`` prints those bytes as `\xFF`.
public enum PathName {
    /// The first scalar used for a raw byte (0x80 maps here, 0xFF to U+10FFFF).
    static let escapeBase: UInt32 = 0x10FF80 - 0x80

    /// The name for the bytes `raw` (no terminating NUL): valid UTF-8 decoded, every other byte kept as an escape scalar.
    public static func string(fromBytes raw: some Collection<UInt8>) -> String {
        let bytes = Array(raw)
        if let text = String(validating: bytes, as: UTF8.self), !text.unicodeScalars.contains(where: { rawByte($0) != nil }) {
            return text
        }
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            var length = validSequenceLength(bytes, at: index)
            // U+10FF80...U+10FFFF is F4 8F BE 80...F4 8F BF BF: taken as it is it would read back as one raw byte.
            if length == 4 && bytes[index] == 0xF4 && bytes[index + 1] == 0x8F && bytes[index + 2] >= 0xBE { length = 0 }
            if length > 0 {
                scalars.append(contentsOf: String(decoding: bytes[index..<index + length], as: UTF8.self).unicodeScalars)
                index += length
            } else {
                scalars.append(Unicode.Scalar(escapeBase + UInt32(bytes[index]))!)
                index += 1
            }
        }
        return String(scalars)
    }

    /// The name for a NUL-terminated C string (an `argv` entry, a `readdir` name).
    public static func string(fromCString pointer: UnsafePointer<CChar>) -> String {
        let length = strlenOf(pointer)
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            string(fromBytes: UnsafeBufferPointer(start: $0, count: length))
        }
    }

    /// The exact bytes of `name` for the system: escape scalars become their byte again.
    public static func bytes(_ name: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars {
            if let byte = rawByte(scalar) { out.append(byte) } else { out.append(contentsOf: String(scalar).utf8) }
        }
        return out
    }

    /// Calls `body` with `name` as a NUL-terminated C string of its exact bytes.
    public static func withCString<Result>(_ name: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        var raw = bytes(name)
        raw.append(0)
        return try raw.withUnsafeBufferPointer { buffer in
            try buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { try body($0) }
        }
    }

    /// The byte an escape scalar stands for, or nil for an ordinary scalar.
    public static func rawByte(_ scalar: Unicode.Scalar) -> UInt8? {
        let value = scalar.value
        guard value >= escapeBase + 0x80, value <= escapeBase + 0xFF else { return nil }
        return UInt8(value - escapeBase)
    }

    /// The length of the valid UTF-8 sequence starting at `index`, or 0 when the byte there starts none.
    private static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        if lead < 0x80 { return 1 }
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            let (min, max) = offset == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
            guard byte >= min, byte <= max else { return 0 }
        }
        return length
    }

    private static func strlenOf(_ pointer: UnsafePointer<CChar>) -> Int {
        var length = 0
        while pointer[length] != 0 { length += 1 }
        return length
    }
}
