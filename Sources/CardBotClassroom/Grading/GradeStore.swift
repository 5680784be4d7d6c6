import CardBotLesson
import CardBotSession

/// Somewhere grades are kept between runs (the term's gradebook), so that a regrade reads a session whose
/// content has not changed instead of reading its frames again.
///
/// The grader calls it from several workers at once; it must be thread-safe. It never throws into the grader:
/// a store that fails keeps its first error for the caller to report.
public protocol GradeStore: Sendable {
    /// Called once before the sessions of the class `identity` (``ClassFolder/identity``), named `name` in
    /// reports, are looked up or recorded; `legacyKey` is the folder's name as given, the key of sessions recorded
    /// before classes had identities.
    func beginClass(_ identity: ClassIdentity, name: String, legacyKey: String)
    /// The stored grade and pictures of `subject`, when its content and settings are unchanged since it was
    /// recorded (the grade's path and student are `subject`'s). Nil when it must be graded.
    func storedGrade(for subject: SessionSubject) -> (SessionGrade, SessionPictures?)?
    /// Records a freshly graded session (one transaction per session).
    func record(_ grade: SessionGrade, pictures: SessionPictures?, subject: SessionSubject)
    /// Records a session that could not be graded (`grade.error` is set), found in the class with key
    /// `classKey` (``ClassFolder/key``).
    func recordFailure(_ grade: SessionGrade, classKey: String)
}

/// A session as a store sees it: where it lies in its class, its folder, the level it plays and what else
/// its grade depends on.
public struct SessionSubject: Sendable {
    /// The class's key (``ClassFolder/key``): class.json's roster class or id, else its canonical absolute path.
    public var classKey: String
    /// The class folder as it can be opened (where the session's neighbours are looked for).
    public var classFolder: String
    /// The session's place in the class.
    public var entry: ClassFolder.Entry
    /// The opened session.
    public var folder: RecordedSession
    /// The student.
    public var student: String
    /// The student's roster id, from session.json's `studentId`; nil when not given.
    public var studentId: String? = nil
    /// The level it plays.
    public var level: Level
    /// The grading settings the grade depends on besides the session and its level (tracking, limits,
    /// deck file), as text; equal settings and content give an equal grade.
    public var settings: String
    /// The deck file the cards were read with.
    public var deckFile: String
}
