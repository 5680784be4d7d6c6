import CardBotClassroom
import CardBotSession
import CardBotSupport
import GRDB

/// `cardbot roster match`: which roster student each session of a class folder is by. A session's
/// `studentId` in session.json decides; else its name (session.json's `student`, else the folder's) is looked
/// up in the roster (``StudentDirectory``), among the students of `rosterClass` when given; a name that names
/// several students or nobody is reported, never guessed.
public enum RosterMatching {
    /// `cardbot roster match`: ``match(classFolder:gradebook:rosterClass:)``, then ``write(_:)`` when `write`.
    public static func run(classFolder: String, gradebook: String, rosterClass: String?, write: Bool) throws -> [SessionMatch] {
        let matches = try match(classFolder: classFolder, gradebook: gradebook, rosterClass: rosterClass)
        return write ? try self.write(matches) : matches
    }

    /// With `--write --class ID`: makes the class folder's class.json say that the class is roster class
    /// `rosterClass` (``ClassManifest/naming(rosterClass:in:)``), so that the gradebook keys it by the roster's id.
    /// - Returns: the line that says what was done, in the reader's language; nil when class.json already named a
    ///   roster class.
    /// - Throws: `SessionError` for a class.json that is not valid or cannot be written.
    public static func tieClass(_ classFolder: String, to rosterClass: String) throws -> String? {
        let (manifest, written) = try ClassManifest.naming(rosterClass: rosterClass, in: classFolder)
        let file = FileSystem.join(classFolder, ClassManifest.fileName)
        if written { return Messages.text("%1$s: the class is roster class %2$s", file, rosterClass) }
        if manifest.rosterClassId != rosterClass {
            return Messages.text(
                "%1$s: the class is roster class %2$s, not %3$s; it was left as it is (change it by hand if it is wrong)",
                file, manifest.rosterClassId ?? "", rosterClass)
        }
        return nil
    }

    /// The sessions of the class folder at `classPath` matched against the roster of the gradebook at
    /// `gradebookPath` (read only).
    /// - Throws: `SessionError` or a ``Problem`` for a class folder that cannot be listed or holds no sessions;
    ///   ``GradebookError`` for a gradebook that holds no roster or no class `rosterClass`.
    public static func match(classFolder classPath: String, gradebook gradebookPath: String, rosterClass: String?) throws -> [SessionMatch] {
        let folder = try ClassFolder.sessions(in: classPath)
        let lookup = try RosterLookup(gradebookPath, rosterClass: rosterClass)
        return folder.entries.map { entry in
            let manifestFile = FileSystem.join(entry.path, RecordedSession.manifestName)
            guard FileSystem.kind(entry.path) == .directory, FileSystem.exists(manifestFile) else {
                return byName(entry.folderStudent, entry: entry, lookup: lookup, manifestFile: nil)
            }
            let manifest: SessionManifest
            do {
                manifest = try SessionManifest.parse(
                    try RegularFile.read(manifestFile, maxBytes: RecordedSession.maximumManifestBytes), file: manifestFile)
            } catch {
                let reason = (error as? SessionError)?.description ?? (error as? RegularFile.Failure)?.reason ?? "\(error)"
                return SessionMatch(path: entry.relativePath, name: entry.folderStudent, studentID: nil, kind: .unreadable(reason), manifestFile: manifestFile)
            }
            let name = manifest.student ?? entry.folderStudent
            if let id = manifest.studentId {
                return SessionMatch(
                    path: entry.relativePath, name: name, studentID: id, kind: lookup.knows(id) ? .byID : .idNotInRoster,
                    manifestFile: manifestFile)
            }
            return byName(name, entry: entry, lookup: lookup, manifestFile: manifestFile)
        }
    }

    private static func byName(_ name: String, entry: ClassFolder.Entry, lookup: RosterLookup, manifestFile: String?) -> SessionMatch {
        switch lookup.match(name) {
        case .student(let id): SessionMatch(path: entry.relativePath, name: name, studentID: id, kind: .byName, manifestFile: manifestFile)
        case .ambiguous(let ids): SessionMatch(path: entry.relativePath, name: name, studentID: nil, kind: .ambiguous(ids), manifestFile: manifestFile)
        case .unknown: SessionMatch(path: entry.relativePath, name: name, studentID: nil, kind: .unknownName, manifestFile: manifestFile)
        }
    }

    /// Writes the id of every session matched by name into its session.json (atomically, the rest of the file
    /// kept); a session without session.json is left as it is. Every session.json is read and changed in memory
    /// first, so that one that cannot be changed stops the command before any is written. Returns the matches with
    /// ``SessionMatch/written`` set.
    /// - Throws: `SessionError` for a session.json that cannot be read or written.
    public static func write(_ matches: [SessionMatch]) throws -> [SessionMatch] {
        var result = matches
        var changes: [(index: Int, file: String, bytes: [UInt8])] = []
        for index in result.indices {
            let match = result[index]
            guard match.kind == .byName, let id = match.studentID, let file = match.manifestFile else { continue }
            let bytes = try RegularFile.read(file, maxBytes: RecordedSession.maximumManifestBytes)
            changes.append((index, file, try SessionManifest.settingStudentID(id, in: bytes, file: file)))
        }
        for change in changes {
            do {
                try AtomicFile.write(change.bytes, to: change.file)
            } catch {
                throw SessionError(file: change.file, said: error.said)
            }
            result[change.index].written = true
        }
        return result
    }
}
