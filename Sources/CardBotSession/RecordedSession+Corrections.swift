import CardBotSupport

extension RecordedSession {
    /// The path of the session's `corrections.json`, whether or not there is one: beside `session.json` in a
    /// session folder; nil for a lone video, frame files named one by one and a stream.
    public var correctionsPath: String? {
        guard manifestPath != nil, FileSystem.kind(path) == .directory else { return nil }
        return FileSystem.join(path, SessionCorrections.fileName)
    }

    /// The teacher's corrections to this session, or nil when it has none.
    /// - Throws: `SessionError` naming the file: unreadable, over 4 MiB, or not valid (with the line and column).
    public func corrections() throws -> SessionCorrections? {
        guard let file = correctionsPath, FileSystem.exists(file) else { return nil }
        try FolderFile.checkInside(file, folder: path)
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(file, maxBytes: Self.maximumManifestBytes)
        } catch {
            if error.kind == .tooLarge { throw SessionError(file: file, said: Messages.later("%s; a corrections.json is at most 4 MiB", .said(error.said))) }
            throw SessionError(file: file, said: error.cannotBeRead)
        }
        return try SessionCorrections.parse(bytes, file: file)
    }
}
