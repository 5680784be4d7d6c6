import ArgumentParser
import CardBotClassroom
import CardBotGradebook
import CardBotSession
import CardBotSupport
import Foundation

/// What `grade` and `grade merge` share: checking report folders, printing the class table and writing reports.
enum ReportOutput {
    /// Exits with status 2 when the folder of some report does not exist.
    /// Refuses (exit 2, before anything is written) a report that is one of the command's inputs: the gradebook,
    /// or a part being merged, named the same or another way. `inputs` pairs each input with what it is.
    static func checkNotInputs(_ paths: [String], inputs: [(path: String, what: String)]) throws {
        for path in paths {
            if let input = inputs.first(where: { FileSystem.isSameFile(path, $0.path) }) {
                StandardError.error(file: path, "is \(input.what); name the report another file")
                throw ExitCode(2)
            }
        }
    }

    static func checkFolders(_ paths: [String]) throws {
        for path in paths {
            let directory = (path as NSString).deletingLastPathComponent
            var isDirectory: ObjCBool = false
            if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) || !isDirectory.boolValue {
                StandardError.error("\(path): cannot write the report: no folder \(directory)")
                throw ExitCode(2)
            }
        }
    }

    /// Runs `body`; a gradebook error is printed and ends the command with status 2.
    static func reporting<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as GradebookError {
            StandardError.error(error.description)
            throw ExitCode(2)
        }
    }

    /// Prints the class table and writes every report.
    static func show(_ grade: ClassGrade, formats: [(String, ReportFormat)], noColor: Bool) throws {
        let table = ClassTable(color: TerminalColor.enabled(disabled: noColor))
        StandardOutput.print(table.lines(for: grade).joined(separator: "\n"))
        for (path, format) in formats {
            // A report's temporary left by an earlier run that was killed is removed first.
            TemporaryFiles.sweep(besides: path)
            do {
                try format.write(grade, to: path)
            } catch let error as SessionError {
                StandardError.error(file: error.file, position: error.position, error.reason)
                throw ExitCode(2)
            }
        }
    }
}
