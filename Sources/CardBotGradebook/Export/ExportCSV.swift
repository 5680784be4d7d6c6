import CardBotClassroom

/// The generic CSV export: a header, then a row per student, roster class and level (see ``ExportRow``), RFC
/// 4180 with CRLF line ends; a student tied to no roster student has an empty `student_id`, a session in no roster
/// class an empty `class_id`.
///
/// `student_id, student_name, given_name, family_name, grade, school_id, class_id, class_title, level, level_name,
/// solved, stars, attempts, sessions, first_day, solved_on`
public enum ExportCSV {
    /// The columns, in order.
    public static let columns = [
        "student_id", "student_name", "given_name", "family_name", "grade", "school_id", "class_id", "class_title",
        "level", "level_name", "solved", "stars", "attempts", "sessions", "first_day", "solved_on",
    ]

    /// The file's text.
    public static func text(_ rows: [ExportRow]) -> String {
        ClassCSV.line(columns) + rows.map { row in
            ClassCSV.line([
                row.studentID ?? "", row.studentName, row.student?.givenName ?? "", row.student?.familyName ?? "",
                row.student?.grade ?? "", row.student?.schoolID ?? "", row.classID ?? "", row.classTitle ?? "",
                String(row.level), row.levelName, row.solved ? "true" : "false", String(row.stars), String(row.attempts),
                String(row.sessions), row.firstDay, row.solvedOn ?? "",
            ])
        }.joined()
    }
}
