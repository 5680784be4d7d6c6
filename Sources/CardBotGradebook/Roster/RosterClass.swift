import GRDB

/// A class of the roster (a row of `class`): OneRoster's `classes.csv`, Clever's `sections.csv`.
public struct RosterClass: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "class"

    /// The class's id in the roster (OneRoster `sourcedId`, Clever `Section_id`).
    public var id: String
    /// Its title (OneRoster `title`, Clever `Name`).
    public var title: String
    /// The school's id; nil when not given.
    public var schoolID: String?

    enum CodingKeys: String, CodingKey {
        case id, title
        case schoolID = "school_id"
    }

    /// Creates a class.
    public init(id: String, title: String, schoolID: String? = nil) {
        self.id = id
        self.title = title
        self.schoolID = schoolID
    }
}
