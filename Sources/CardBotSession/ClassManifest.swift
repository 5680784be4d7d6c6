import CardBotSupport

/// A class folder's identity: `class.json` in the class folder, so that a gradebook knows the class wherever its
/// folder lies (moved, renamed, copied to another machine or mounted elsewhere by a batch job).
///
/// ```json
/// {"format": "cardbot-class/1", "classId": "cls-5f0c2a9e41d7b3c8a6e1f024", "name": "4B Tuesday club", "rosterClassId": "sec-4b"}
/// ```
/// `classId` is the class's own stable id (`cardbot grade --gradebook` makes one when the folder has no
/// class.json); `rosterClassId`, when given, says that the class is that class of the school's roster, and then
/// the gradebook keys the class by it. `name` titles the reports unless `--class-name` is given.
public struct ClassManifest: Sendable, Equatable {
    /// The class's own stable id.
    public var classId: String
    /// The class's name in reports; nil: the folder's name.
    public var name: String?
    /// The roster class (OneRoster `sourcedId`, Clever `Section_id`) this class is; nil when not said.
    public var rosterClassId: String?

    /// Creates a manifest.
    public init(classId: String, name: String? = nil, rosterClassId: String? = nil) {
        self.classId = classId
        self.name = name
        self.rosterClassId = rosterClassId
    }

    /// The file's name in a class folder.
    public static let fileName = "class.json"
    /// The value of `format`.
    public static let format = "cardbot-class/1"
    /// The largest class.json read.
    public static let maximumBytes = 64 * 1024
    /// The longest id or name, in bytes.
    public static let maximumTextBytes = 256
    /// The fields of the file.
    public static let fields: Set<String> = ["format", "classId", "name", "rosterClassId"]

    /// The class's key in a gradebook: the roster class when given, else its own id.
    public var key: String { rosterClassId ?? classId }

    /// A manifest with a new random id (`cls-` and 24 hexadecimal digits: 96 random bits).
    public static func fresh(name: String? = nil) -> ClassManifest {
        var generator = SystemRandomNumberGenerator()
        func hex<T: FixedWidthInteger & UnsignedInteger>(_ value: T) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: T.bitWidth / 4 - digits.count) + digits
        }
        let padded = hex(generator.next() as UInt64) + hex(generator.next() as UInt32)
        return ClassManifest(classId: "cls-" + padded, name: name)
    }

    /// The file's text: one line, fields in a fixed order.
    public func jsonText() -> String {
        var fields = ["\"format\": \"\(Self.format)\"", "\"classId\": \(JSONText.quote(classId))"]
        if let name { fields.append("\"name\": \(JSONText.quote(name))") }
        if let rosterClassId { fields.append("\"rosterClassId\": \(JSONText.quote(rosterClassId))") }
        return "{" + fields.joined(separator: ", ") + "}\n"
    }

    /// The class.json of the class folder `folder`; nil when it has none.
    /// - Throws: `SessionError` naming the file (and the line and column of the problem in its text) when it
    ///   cannot be read or is not a valid class.json.
    public static func read(folder: String) throws -> ClassManifest? {
        let path = FileSystem.join(folder, fileName)
        guard FileSystem.exists(path) || FileSystem.isSymbolicLink(path) else { return nil }
        try FolderFile.checkInside(path, folder: folder)
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(path, maxBytes: maximumBytes)
        } catch {
            if error.kind == .tooLarge {
                throw SessionError(file: path, said: Messages.later("%s; a class.json is at most 64 KiB", .said(error.said)))
            }
            throw SessionError(file: path, said: error.cannotBeRead)
        }
        return try parse(bytes, file: path)
    }

    /// Makes the class.json of `folder` name roster class `rosterClass`: a new class.json (with a new id) when it
    /// has none, `rosterClassId` added (atomically, its id and name kept) when it names none. A class.json that
    /// names another roster class is a teacher's and is left as it is.
    /// - Returns: the class.json the folder then has, and whether it was written.
    /// - Throws: `SessionError` naming the file when it is not valid or cannot be written.
    public static func naming(rosterClass: String, in folder: String) throws -> (manifest: ClassManifest, written: Bool) {
        let path = FileSystem.join(folder, fileName)
        var manifest = try read(folder: folder) ?? make(in: folder)
        guard manifest.rosterClassId == nil else { return (manifest, false) }
        manifest.rosterClassId = rosterClass
        // Checked as a class.json would be read, so a roster id that cannot key a class is refused here.
        let bytes = Array(manifest.jsonText().utf8)
        _ = try parse(bytes, file: path)
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw SessionError(file: path, said: Messages.later("cannot be written (%s)", .said(error.said)))
        }
        return (manifest, true)
    }

    /// Writes a class.json with a new id into `folder` unless one is there (never over another's: of several
    /// graders starting at once, one writes it and all use it), and returns the class.json the folder then has.
    /// - Throws: `SessionError` naming the file when it cannot be written (a read-only folder) or the one found
    ///   is not valid.
    public static func make(in folder: String, name: String? = nil) throws -> ClassManifest {
        let path = FileSystem.join(folder, fileName)
        let fresh = Self.fresh(name: name)
        do {
            if try AtomicFile.create(Array(fresh.jsonText().utf8), at: path) { return fresh }
        } catch {
            throw SessionError(file: path, said: Messages.later("cannot be written (%s)", .said(error.said)))
        }
        guard let found = try read(folder: folder) else {
            throw SessionError(file: path, said: Messages.later("cannot be written (%s)", .said(Messages.later("it was removed meanwhile"))))
        }
        return found
    }
}
