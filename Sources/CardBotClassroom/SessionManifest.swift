import CardBotLesson
import CardBotSupport
import Foundation

/// The optional `session.json` of a recorded session.
///
/// ```json
/// {"student": "Maya", "level": 3, "fps": 2, "frames": ["f1.jpg", "f2.jpg"], "runs": ["f2.jpg"]}
/// {"student": "Maya", "level": 3, "video": "lesson.mp4", "runs": [12.5, 40]}
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
    /// The video the session is recorded in (a name inside the session folder).
    public var video: String?
    /// The times (seconds from the start of the video) at which the child pressed "run".
    public var runSeconds: [Double]?

    /// Creates a manifest.
    public init(student: String? = nil, level: LevelReference? = nil, fps: Double = 1, frames: [String]? = nil, runs: [String]? = nil) {
        self.student = student
        self.level = level
        self.fps = fps
        self.frames = frames
        self.runs = runs
    }

    /// The fields a manifest may have.
    public static let fields: Set<String> = ["student", "level", "fps", "frames", "runs", "video"]

    /// Parses `session.json`'s bytes.
    /// - Throws: `SessionError` naming `file` for malformed JSON, wrong types, unknown fields or bad values.
    public static func parse(_ data: Data, file: String) throws -> SessionManifest {
        let manifest: SessionManifest
        do {
            manifest = try JSONDecoder().decode(SessionManifest.self, from: data)
        } catch let error as SessionManifestFieldError {
            throw SessionError(file: file, reason: error.message)
        } catch let DecodingError.dataCorrupted(context) {
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            throw SessionError(file: file, reason: "malformed JSON: \(underlying ?? context.debugDescription)")
        } catch let DecodingError.typeMismatch(_, context) {
            throw SessionError(file: file, reason: "\(Self.path(context)) has the wrong type (\(context.debugDescription))")
        } catch {
            throw SessionError(file: file, reason: "cannot read: \(error)")
        }
        guard manifest.fps > 0, manifest.fps <= 1000, manifest.fps.isFinite else {
            throw SessionError(file: file, reason: "'fps' must be a number of frames per second above 0 and at most 1000")
        }
        return manifest
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
        return keys.isEmpty ? "the top level" : "'\(keys.joined(separator: "."))'"
    }
}

/// A field of `session.json` with a value of the wrong kind.
struct SessionManifestFieldError: Error {
    var message: String
}

extension SessionManifest: Decodable {
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        if let unknown = container.allKeys.map(\.stringValue).sorted().first(where: { !Self.fields.contains($0) }) {
            throw SessionManifestFieldError(
                message: "unknown field '\(unknown)' (known fields: \(Self.fields.sorted().joined(separator: ", ")))")
        }
        self.init()
        student = try container.decodeIfPresent(String.self, forKey: AnyKey(stringValue: "student"))
        let levelKey = AnyKey(stringValue: "level")
        if container.contains(levelKey), try !container.decodeNil(forKey: levelKey) {
            if let number = try? container.decode(Int.self, forKey: levelKey) {
                level = .number(number)
            } else if let path = try? container.decode(String.self, forKey: levelKey) {
                level = .path(path)
            } else {
                throw SessionManifestFieldError(message: "'level' must be a level number or the path of a level file")
            }
        }
        fps = try container.decodeIfPresent(Double.self, forKey: AnyKey(stringValue: "fps")) ?? 1
        frames = try container.decodeIfPresent([String].self, forKey: AnyKey(stringValue: "frames"))
        let runsKey = AnyKey(stringValue: "runs")
        if container.contains(runsKey), try !container.decodeNil(forKey: runsKey) {
            if let names = try? container.decode([String].self, forKey: runsKey) {
                runs = names
            } else if let times = try? container.decode([Double].self, forKey: runsKey) {
                guard times.allSatisfy({ $0 >= 0 && $0.isFinite }) else {
                    throw SessionManifestFieldError(message: "'runs' times must be seconds from the start, 0 or more")
                }
                runSeconds = times
            } else {
                throw SessionManifestFieldError(
                    message: "'runs' must be a list of frame names, or of times in seconds for a video session")
            }
        }
        video = try container.decodeIfPresent(String.self, forKey: AnyKey(stringValue: "video"))
    }
}

extension SessionManifest {
    /// The manifest as `session.json` text (keys sorted, one per line), ending with a newline.
    public func jsonText() -> String {
        let quote = JSONText.quote
        func list(_ names: [String]) -> String { "[" + names.map(quote).joined(separator: ", ") + "]" }
        var fields: [String] = []
        if let frames { fields.append("  \"frames\": \(list(frames))") }
        if video == nil { fields.append("  \"fps\": \(fps == fps.rounded() ? String(Int(fps)) : String(fps))") }
        switch level {
        case .number(let number)?: fields.append("  \"level\": \(number)")
        case .path(let path)?: fields.append("  \"level\": \(quote(path))")
        case nil: break
        }
        if let runs { fields.append("  \"runs\": \(list(runs))") }
        if let runSeconds { fields.append("  \"runs\": [" + runSeconds.map { JSONText.number($0, places: 3) }.joined(separator: ", ") + "]") }
        if let student { fields.append("  \"student\": \(quote(student))") }
        if let video { fields.append("  \"video\": \(quote(video))") }
        return "{\n" + fields.joined(separator: ",\n") + "\n}\n"
    }
}
