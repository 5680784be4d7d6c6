import CardBotSupport

extension SessionManifest {
    /// `session.json`'s bytes with `"studentId": id` added as its first field, everything else as it was (its
    /// fields, their order, spacing and line breaks); the same bytes when it already says `id`.
    /// - Throws: `SessionError` when the bytes are not a valid session.json, or already name another student id
    ///   (a teacher's id is never overwritten).
    public static func settingStudentID(_ id: String, in bytes: [UInt8], file: String) throws -> [UInt8] {
        let manifest = try parse(bytes, file: file)
        if manifest.studentId == id { return bytes }
        if let other = manifest.studentId {
            throw SessionError(
                file: file,
                said: Messages.later("already says \"studentId\": %s; change it by hand if it is wrong", .plain(JSONText.quote(other))))
        }
        guard let open = bytes.firstIndex(of: UInt8(ascii: "{")) else {
            throw SessionError(file: file, said: Messages.later("is not a JSON object"))
        }
        var next = open + 1
        while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
        let space = Array(bytes[(open + 1)..<next])
        let field = Array("\"studentId\": \(JSONText.quote(id))".utf8)
        var result = Array(bytes[...open])
        if next < bytes.count, bytes[next] == UInt8(ascii: "}") {
            result += field + bytes[next...]
        } else if space.contains(0x0A) {
            result += space + field + Array(",".utf8) + space + bytes[next...]
        } else {
            result += field + Array(", ".utf8) + bytes[next...]
        }
        var expected = manifest
        expected.studentId = id
        guard (try? parse(result, file: file)) == expected else {
            throw SessionError(file: file, said: Messages.later("could not be given a studentId without changing the rest; add it by hand"))
        }
        return result
    }
}
