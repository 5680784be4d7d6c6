import CardBotClassroom
import CardBotCommandLine

/// What `grade` and `grade merge` share: printing the class table and writing the reports.
enum ReportOutput {
    /// Prints the class table and writes every report.
    static func show(_ grade: ClassGrade, files: [ReportFile], noColor: Bool) throws {
        let table = ClassTable(color: TerminalColor.enabled(disabled: noColor))
        StandardOutput.print(table.lines(for: grade).joined(separator: "\n"))
        for file in files { try file.write(grade) }
    }
}
