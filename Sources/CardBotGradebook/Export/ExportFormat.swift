/// What `cardbot grade export` writes.
public enum ExportFormat: String, Sendable, CaseIterable {
    /// OneRoster 1.1 CSV results: `lineItems.csv` (one line item per level of each roster class),
    /// `results.csv` (one result per student and line item) and `manifest.csv`, in a folder.
    case oneRosterResults = "oneroster-results"
    /// One CSV file, a row per student, roster class and level, for other gradebooks.
    case csv
}
