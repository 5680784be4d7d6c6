import CardBotSupport

/// One session of a class folder and the roster student it is by, as `cardbot roster match` shows it.
public struct SessionMatch: Sendable, Equatable {
    /// How the student was found, or why not.
    public enum Kind: Sendable, Equatable {
        /// session.json's `studentId`, a student of the roster.
        case byID
        /// session.json's `studentId`, which the roster does not list.
        case idNotInRoster
        /// The name names exactly one student of the roster (written into session.json with `--write`).
        case byName
        /// The name names several students (their ids): nothing is chosen.
        case ambiguous([String])
        /// The name names nobody in the roster.
        case unknownName
        /// session.json cannot be read (the reason).
        case unreadable(String)
    }

    /// The session's place in the class folder.
    public var path: String
    /// The name it gives (session.json's `student`, else the folder's).
    public var name: String
    /// The student's id, when known.
    public var studentID: String?
    /// How.
    public var kind: Kind
    /// The session.json file, when the session has one.
    public var manifestFile: String?
    /// Whether `--write` wrote the id into session.json.
    public var written = false

    /// Creates a match.
    public init(path: String, name: String, studentID: String?, kind: Kind, manifestFile: String?) {
        self.path = path
        self.name = name
        self.studentID = studentID
        self.kind = kind
        self.manifestFile = manifestFile
    }

    /// Whether the session is tied to a roster student.
    public var isMatched: Bool { kind == .byID || kind == .byName }

    /// How, in the reader's language.
    public var shownKind: String {
        switch kind {
        case .byID: Messages.text("studentId in session.json")
        case .idNotInRoster: Messages.text("studentId in session.json is not in the roster: correct it or import the roster")
        case .byName:
            written ? Messages.text("by name, written into session.json") : Messages.text("by name (--write writes it into session.json)")
        case .ambiguous(let ids): Messages.text("ambiguous: %s; give studentId in session.json", ids.joined(separator: ", "))
        case .unknownName: Messages.text("no student of this name in the roster; give studentId in session.json")
        case .unreadable(let reason): Messages.text("session.json cannot be read: %s", reason)
        }
    }
}
