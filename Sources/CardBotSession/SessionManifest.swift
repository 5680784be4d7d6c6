import CardBotSupport
import Foundation

/// The optional `session.json` of a recorded session.
///
/// ```json
/// {"student": "Maya", "level": 3, "fps": 2, "frames": ["f1.jpg", "f2.jpg"], "runs": ["f2.jpg"]}
/// {"student": "Maya", "level": 3, "video": "lesson.mp4", "runs": [12.5, 40]}
/// {"student": "Emma", "studentId": "stu-0042", "level": 3}
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
    /// The student's id in the school's roster (OneRoster `sourcedId`, Clever `Student_id`): who the session is
    /// by, whatever her name is typed as. `cardbot roster match --write` fills it in.
    public var studentId: String?
    /// The level played.
    public var level: LevelReference?
    /// The stills' frames per second (nil: not given; stills are then shown at
    /// ``RecordedSession/defaultStillsFPS``). A video's frames carry their own times.
    public var fps: Double?
    /// An explicit frame order (names inside the session folder).
    public var frames: [String]?
    /// The frames at which the child pressed "run".
    public var runs: [String]?
    /// The video the session is recorded in (a name inside the session folder).
    public var video: String?
    /// The times (seconds from the start of the video) at which the child pressed "run".
    public var runSeconds: [Double]?

    /// Creates a manifest.
    public init(student: String? = nil, level: LevelReference? = nil, fps: Double? = nil, frames: [String]? = nil, runs: [String]? = nil) {
        self.student = student
        self.level = level
        self.fps = fps
        self.frames = frames
        self.runs = runs
    }

    /// The fields a manifest may have.
    public static let fields: Set<String> = ["student", "studentId", "level", "fps", "frames", "runs", "video"]

    /// The most entries `frames` and `runs` may list (a session of 10,000 frames is over an hour at 2 frames
    /// per second); a longer list is refused rather than read for minutes.
    public static let maximumFrames = 10_000
    /// The slowest stills accepted: one frame every 100 seconds.
    public static let minimumFPS = 0.01
    /// The fastest stills accepted: a phone's slow-motion rate.
    public static let maximumFPS = 240.0
    /// The latest run mark accepted, in seconds: a day.
    public static let maximumSeconds = 86_400.0
    /// The longest student name accepted, in characters.
    public static let maximumStudentLength = 200
    /// The longest frame name, video name or level path accepted, in bytes (the system's own limit on a path).
    public static let maximumPathBytes = 4096

    /// Parses `session.json`'s bytes with the positioned JSON parser the level files use.
    /// - Throws: `SessionError` naming `file` and the line and column of the first problem: malformed JSON, a wrong
    ///   type, an unknown or repeated field, a bad value, too long a list or name, or a frame listed twice.
    public static func parse(_ bytes: [UInt8], file: String) throws -> SessionManifest {
        func fail(_ position: SourcePosition, _ message: MessageText) -> SessionError {
            SessionError(file: file, position: position, said: message)
        }
        let members = try SessionError.members(of: bytes, file: file, named: "session.json").members
        var manifest = SessionManifest()
        var seen: Set<String> = []
        for member in members {
            guard Self.fields.contains(member.key) else {
                throw fail(member.keyPosition, SessionError.unknownFieldSaid(member.key, known: Self.fields))
            }
            guard seen.insert(member.key).inserted else {
                throw fail(member.keyPosition, Messages.later("the field '%s' is given twice", .plain(member.key)))
            }
            let value = member.value
            if case .null = value.kind { continue }
            switch member.key {
            case "student":
                guard let name = value.stringValue else {
                    throw fail(value.position, Messages.later("'student' must be a string, not %s", .said(value.typeSaid)))
                }
                guard name.count <= maximumStudentLength else {
                    throw fail(value.position, Messages.later("'student' is %1$s characters long; a name is at most %2$s", .plain("\(name.count)"), .plain("\(maximumStudentLength)")))
                }
                manifest.student = name
            case "studentId":
                guard let id = value.stringValue else {
                    throw fail(value.position, Messages.later("'studentId' must be the student's roster id in double quotes, not %s", .said(value.typeSaid)))
                }
                if let control = ControlCharacters.saidInLine(id, field: "studentId") {
                    throw fail(value.position, control)
                }
                guard !id.isEmpty, id.count <= maximumStudentLength, id.trimmingCharacters(in: .whitespaces) == id else {
                    throw fail(
                        value.position,
                        Messages.later(
                            "'studentId' must be a roster id of 1 to %s characters, without control characters or spaces around it",
                            .plain("\(maximumStudentLength)")))
                }
                manifest.studentId = id
            case "level":
                if let number = value.intValue {
                    manifest.level = .number(number)
                } else if value.isWholeNumber {
                    throw fail(value.position, Messages.later("'level' is too large a number; it must be at most %s", .plain("\(Int.max)")))
                } else if let path = value.stringValue {
                    guard !path.isEmpty, path.utf8.count <= maximumPathBytes else {
                        throw fail(value.position, Messages.later("'level' must be a level number or the path of a level file (1 to %s bytes)", .plain("\(maximumPathBytes)")))
                    }
                    manifest.level = .path(path)
                } else {
                    throw fail(value.position, Messages.later("'level' must be a level number or the path of a level file, not %s", .said(value.typeSaid)))
                }
            case "fps":
                guard let text = value.numberText, let fps = Double(text), fps.isFinite,
                    fps >= minimumFPS, fps <= maximumFPS
                else {
                    throw fail(
                        value.position,
                        Messages.later(
                            "'fps' must be the stills' frames per second, from %1$s (one frame every 100 s) to %2$s; %3$s is not",
                            .decimal(JSONText.number(minimumFPS, places: 2)), .plain("\(Int(maximumFPS))"),
                            value.numberText.map { .plain(TerminalText.truncated($0, width: 40)) } ?? .said(value.typeSaid)))
                }
                manifest.fps = fps
            case "video":
                guard let path = value.stringValue else {
                    throw fail(value.position, Messages.later("'video' must be the name of a video file in double quotes, not %s", .said(value.typeSaid)))
                }
                guard !path.isEmpty, path.utf8.count <= maximumPathBytes else {
                    throw fail(value.position, Messages.later("'video' must be the name of a video file (1 to %s bytes)", .plain("\(maximumPathBytes)")))
                }
                manifest.video = path
            case "runs":
                if let elements = value.elements, let firstElement = elements.first, firstElement.numberText != nil {
                    manifest.runSeconds = try secondsList(elements, value.position, file: file)
                } else {
                    manifest.runs = try nameList(value, member.key, file: file)
                }
            default:
                manifest.frames = try nameList(value, member.key, file: file)
            }
        }
        return manifest
    }

    /// A `runs` list of times: seconds from the start of the video, each 0 or more and finite, at most
    /// ``maximumFrames`` of them.
    private static func secondsList(_ elements: [JSONValue], _ position: SourcePosition, file: String) throws -> [Double] {
        guard elements.count <= maximumFrames else {
            throw SessionError(
                file: file, position: position, said: Messages.later("'runs' lists %1$s times; a session has at most %2$s", .plain("\(elements.count)"), .plain("\(maximumFrames)")))
        }
        var times: [Double] = []
        for (index, element) in elements.enumerated() {
            guard let text = element.numberText, let seconds = Double(text) else {
                throw SessionError(
                    file: file, position: element.position,
                    said: Messages.later(
                        "'runs' must be a list of frame names, or of times in seconds for a video session (entry %1$s is %2$s)",
                        .plain("\(index + 1)"), .said(element.typeSaid)))
            }
            guard seconds >= 0, seconds <= maximumSeconds else {
                throw SessionError(
                    file: file, position: element.position,
                    said: Messages.later(
                        "'runs' entry %1$s must be a time in seconds from the start, 0 to %2$s (a day)", .plain("\(index + 1)"),
                        .plain("\(Int(maximumSeconds))")))
            }
            times.append(seconds)
        }
        return times
    }

    /// A `frames` or `runs` list: strings, at most ``maximumFrames`` of them, none repeated.
    private static func nameList(_ value: JSONValue, _ field: String, file: String) throws -> [String] {
        guard let elements = value.elements else {
            let expected =
                field == "runs"
                ? Messages.later("a list of frame names, or of times in seconds for a video session") : Messages.later("a list of frame names")
            throw SessionError(
                file: file, position: value.position,
                said: Messages.later("'%1$s' must be %2$s, not %3$s", .plain(field), .said(expected), .said(value.typeSaid)))
        }
        guard elements.count <= maximumFrames else {
            throw SessionError(
                file: file, position: value.position,
                said: Messages.later(
                    "'%1$s' lists %2$s frames; a session has at most %3$s", .plain(field), .plain("\(elements.count)"), .plain("\(maximumFrames)")))
        }
        var names: [String] = []
        var first: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            guard let name = element.stringValue else {
                throw SessionError(
                    file: file, position: element.position,
                    said: Messages.later(
                        "'%1$s' entry %2$s must be a frame name in double quotes, not %3$s", .plain(field), .plain("\(index + 1)"), .said(element.typeSaid)))
            }
            guard name.utf8.count <= maximumPathBytes else {
                throw SessionError(
                    file: file, position: element.position,
                    said: Messages.later(
                        "'%1$s' entry %2$s is %3$s bytes long; a frame name is at most %4$s", .plain(field), .plain("\(index + 1)"),
                        .plain("\(name.utf8.count)"), .plain("\(maximumPathBytes)")))
            }
            if let earlier = first[name] {
                throw SessionError(
                    file: file, position: element.position,
                    said: Messages.later(
                        "'%1$s' lists '%2$s' twice (entries %3$s and %4$s); each frame is listed once", .plain(field),
                        .plain(TerminalText.truncated(name, width: 60)), .plain("\(earlier + 1)"), .plain("\(index + 1)")))
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
        if let fps, video == nil { fields.append("  \"fps\": \(fps == fps.rounded() ? String(Int(fps)) : String(fps))") }
        switch level {
        case .number(let number)?: fields.append("  \"level\": \(number)")
        case .path(let path)?: fields.append("  \"level\": \(quote(path))")
        case nil: break
        }
        if let runs { fields.append("  \"runs\": \(list(runs))") }
        if let runSeconds { fields.append("  \"runs\": [" + runSeconds.map { JSONText.number($0, places: 3) }.joined(separator: ", ") + "]") }
        if let student { fields.append("  \"student\": \(quote(student))") }
        if let studentId { fields.append("  \"studentId\": \(quote(studentId))") }
        if let video { fields.append("  \"video\": \(quote(video))") }
        return "{\n" + fields.joined(separator: ",\n") + "\n}\n"
    }
}
