import CardBotClassroom

/// OneRoster 1.1 CSV results, as a bulk export (`status` and `dateLastModified` left empty, as bulk files have
/// them): `lineItems.csv`, one line item per level of each roster class, scored 0 to 3 (stars); `results.csv`,
/// one result per student and line item (her best stars, `fully graded`); `manifest.csv` naming them.
public enum OneRosterResults {
    /// The category every line item is in.
    public static let category = "cardbot-levels"
    /// The grading period every line item is in (the importing gradebook maps it to its term).
    public static let gradingPeriod = "cardbot-term"

    /// A line item's id: `cardbot-CLASS-level-N`.
    static func lineItemID(_ row: ExportRow) -> String { "cardbot-\(row.classID ?? "")-level-\(row.level)" }

    /// `lineItems.csv`: sourcedId, status, dateLastModified, title, description, assignDate (the first day any
    /// student of the class played the level), dueDate (the last), classSourcedId, categorySourcedId,
    /// gradingPeriodSourcedId, resultValueMin (0), resultValueMax (3).
    public static func lineItems(_ rows: [ExportRow]) -> String {
        var text = ClassCSV.line([
            "sourcedId", "status", "dateLastModified", "title", "description", "assignDate", "dueDate", "classSourcedId",
            "categorySourcedId", "gradingPeriodSourcedId", "resultValueMin", "resultValueMax",
        ])
        var order: [String] = []
        var items: [String: (row: ExportRow, first: String, last: String)] = [:]
        for row in rows {
            let id = lineItemID(row)
            let last = String(row.lastRecorded.prefix(10))
            if let known = items[id] {
                items[id] = (known.row, min(known.first, row.firstDay), max(known.last, last))
            } else {
                order.append(id)
                items[id] = (row, row.firstDay, last)
            }
        }
        for id in order {
            let (row, first, last) = items[id]!
            text += ClassCSV.line([
                id, "", "", "CardBot level \(row.level): \(row.levelName)", "Solve level \(row.level) with programming cards",
                first, last, row.classID ?? "", category, gradingPeriod, "0", "3",
            ])
        }
        return text
    }

    /// `results.csv`: sourcedId (`LINEITEM-STUDENT`), status, dateLastModified, lineItemSourcedId,
    /// studentSourcedId, scoreStatus (`fully graded`), score (the best stars, 0 to 3), scoreDate (the day it was
    /// solved, else the last day played), comment (solved or not, attempts and sessions).
    public static func results(_ rows: [ExportRow]) -> String {
        var text = ClassCSV.line([
            "sourcedId", "status", "dateLastModified", "lineItemSourcedId", "studentSourcedId", "scoreStatus", "score",
            "scoreDate", "comment",
        ])
        for row in rows {
            let item = lineItemID(row)
            let comment = (row.solved ? "solved" : "not solved") + "; \(row.attempts) attempts in \(row.sessions) sessions"
            text += ClassCSV.line([
                item + "-" + (row.studentID ?? ""), "", "", item, row.studentID ?? "", "fully graded", String(row.stars),
                row.solvedOn ?? String(row.lastRecorded.prefix(10)), comment,
            ])
        }
        return text
    }

    /// `manifest.csv`: OneRoster 1.1, these two files in bulk, the others absent.
    public static let manifest: String = {
        var text = ClassCSV.line(["propertyName", "value"])
        let pairs = [
            ("manifest.version", "1.0"), ("oneroster.version", "1.1"), ("file.academicSessions", "absent"),
            ("file.categories", "absent"), ("file.classes", "absent"), ("file.classResources", "absent"),
            ("file.courses", "absent"), ("file.courseResources", "absent"), ("file.demographics", "absent"),
            ("file.enrollments", "absent"), ("file.lineItems", "bulk"), ("file.orgs", "absent"), ("file.resources", "absent"),
            ("file.results", "bulk"), ("file.users", "absent"), ("source.systemName", "CardBot"),
        ]
        for (name, value) in pairs { text += ClassCSV.line([name, value]) }
        return text
    }()
}
