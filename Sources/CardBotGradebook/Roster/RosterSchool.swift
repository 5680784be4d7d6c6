import GRDB

/// A school of the roster (a row of `school`): OneRoster's `orgs.csv` (type `school`), Clever's `schools.csv`.
public struct RosterSchool: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "school"

    /// The school's id in the roster (OneRoster `sourcedId`, Clever `School_id`).
    public var id: String
    /// Its name.
    public var name: String

    /// Creates a school.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}
