import CardBotSupport

/// The optional `session.json` of a recorded session.
///
/// ```json
/// {"student": "Maya", "level": 3, "fps": 2, "frames": ["f1.jpg", "f2.jpg"], "runs": ["f2.jpg"]}
/// ```
public struct SessionManifest: Sendable, Equatable {
    /// Which level the session plays: a number looked up in the levels folder, or a level file's path
    /// (relative paths are relative to the session folder).
    public enum LevelReference: Sendable, Equatable {
        case number(Int)
        case path(String)
    }

    /// The student's name.
    public var student: String?
    /// The level played.
    public var level: LevelReference?
    /// Frames per second, for times (default 1).
    public var fps: Double
    /// An explicit frame order (names inside the session folder).
    public var frames: [String]?
    /// The frames at which the child pressed "run".
    public var runs: [String]?

    /// Creates a manifest.
    public init(student: String? = nil, level: LevelReference? = nil, fps: Double = 1, frames: [String]? = nil, runs: [String]? = nil) {
        self.student = student
        self.level = level
        self.fps = fps
        self.frames = frames
        self.runs = runs
    }

    /// The fields a manifest may have.
    public static let fields: Set<String> = ["student", "level", "fps", "frames", "runs"]

    /// The most entries `frames` and `runs` may list (a session of 10,000 frames is over an hour at 2 frames
    /// per second); a longer list is refused rather than read for minutes.
    public static let maximumFrames = 10_000
    /// The longest student name accepted, in characters.
    public static let maximumStudentLength = 200
    /// The longest frame name or level path accepted, in bytes (the system's own limit on a path).
    public static let maximumPathBytes = 4096

    /// Parses `session.json`'s bytes with the positioned JSON parser the level files use.
    /// - Throws: `SessionError` naming `file` and the line and column of the first problem: malformed JSON, a wrong
    ///   type, an unknown or repeated field, a bad value, too long a list or name, or a frame listed twice.
    public static func parse(_ bytes: [UInt8], file: String) throws -> SessionManifest {
        func fail(_ position: SourcePosition, _ message: String) -> SessionError {
            SessionError(file: file, position: position, reason: message)
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw fail(error.position, "malformed JSON: \(error.message)")
        }
        guard let members = document.members else {
            throw fail(document.position, "a session.json holds one JSON object, not \(document.typeDescription)")
        }
        var manifest = SessionManifest()
        var seen: Set<String> = []
        for member in members {
            guard Self.fields.contains(member.key) else {
                throw fail(
                    member.keyPosition,
                    "unknown field '\(TerminalText.truncated(member.key, width: 40))' (known fields: \(Self.fields.sorted().joined(separator: ", ")))")
            }
            guard seen.insert(member.key).inserted else {
                throw fail(member.keyPosition, "the field '\(member.key)' is given twice")
            }
            let value = member.value
            if case .null = value.kind { continue }
            switch member.key {
            case "student":
                guard let name = value.stringValue else {
                    throw fail(value.position, "'student' must be a string, not \(value.typeDescription)")
                }
                guard name.count <= maximumStudentLength else {
                    throw fail(value.position, "'student' is \(name.count) characters long; a name is at most \(maximumStudentLength)")
                }
                manifest.student = name
            case "level":
                if let number = value.intValue {
                    manifest.level = .number(number)
                } else if value.isWholeNumber {
                    throw fail(value.position, "'level' is too large a number; it must be at most \(Int.max)")
                } else if let path = value.stringValue {
                    guard !path.isEmpty, path.utf8.count <= maximumPathBytes else {
                        throw fail(value.position, "'level' must be a level number or the path of a level file (1 to \(maximumPathBytes) bytes)")
                    }
                    manifest.level = .path(path)
                } else {
                    throw fail(value.position, "'level' must be a level number or the path of a level file, not \(value.typeDescription)")
                }
            case "fps":
                guard let text = value.numberText, let fps = Double(text), fps > 0, fps <= 1000, fps.isFinite else {
                    throw fail(value.position, "'fps' must be a number of frames per second above 0 and at most 1000")
                }
                manifest.fps = fps
            default:
                let names = try nameList(value, member.key, file: file)
                if member.key == "frames" { manifest.frames = names } else { manifest.runs = names }
            }
        }
        return manifest
    }

    /// A `frames` or `runs` list: strings, at most ``maximumFrames`` of them, none repeated.
    private static func nameList(_ value: JSONValue, _ field: String, file: String) throws -> [String] {
        guard let elements = value.elements else {
            throw SessionError(
                file: file, position: value.position, reason: "'\(field)' must be a list of frame names, not \(value.typeDescription)")
        }
        guard elements.count <= maximumFrames else {
            throw SessionError(
                file: file, position: value.position,
                reason: "'\(field)' lists \(elements.count) frames; a session has at most \(maximumFrames)")
        }
        var names: [String] = []
        var first: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            guard let name = element.stringValue else {
                throw SessionError(
                    file: file, position: element.position,
                    reason: "'\(field)' entry \(index + 1) must be a frame name in double quotes, not \(element.typeDescription)")
            }
            guard name.utf8.count <= maximumPathBytes else {
                throw SessionError(
                    file: file, position: element.position,
                    reason: "'\(field)' entry \(index + 1) is \(name.utf8.count) bytes long; a frame name is at most \(maximumPathBytes)")
            }
            if let earlier = first[name] {
                throw SessionError(
                    file: file, position: element.position,
                    reason: "'\(field)' lists '\(TerminalText.truncated(name, width: 60))' twice (entries \(earlier + 1) and \(index + 1)); "
                        + "each frame is listed once")
            }
            first[name] = index
            names.append(name)
        }
        return names
    }
}

extension SessionManifest {
    /// The manifest as `session.json` text (keys sorted, one per line), ending with a newline.
    public func jsonText() -> String {
        let quote = JSONText.quote
        func list(_ names: [String]) -> String { "[" + names.map(quote).joined(separator: ", ") + "]" }
        var fields: [String] = []
        if let frames { fields.append("  \"frames\": \(list(frames))") }
        fields.append("  \"fps\": \(fps == fps.rounded() ? String(Int(fps)) : String(fps))")
        switch level {
        case .number(let number)?: fields.append("  \"level\": \(number)")
        case .path(let path)?: fields.append("  \"level\": \(quote(path))")
        case nil: break
        }
        if let runs { fields.append("  \"runs\": \(list(runs))") }
        if let student { fields.append("  \"student\": \(quote(student))") }
        return "{\n" + fields.joined(separator: ",\n") + "\n}\n"
    }
}
