import CardBotSupport
import Foundation

/// Writing to standard error (`cardbot: error: <file>: <reason>`) and asking about the terminal.
package enum StandardError {
    /// Writes `text` and a newline to standard error. Messages quote names and paths from files, so every
    /// line has its control characters (and bytes of file names that are not UTF-8) made visible.
    package static func print(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.visible(String($0)) }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// Prints `error`'s problems, each once, and ends the process with its exit status: the one way a
    /// ``DiagnosticError`` leaves the program, from the root command or from an option's validation.
    package static func exit(with error: DiagnosticError) -> Never {
        for problem in error.problems { print(problem.line) }
        Foundation.exit(error.exitStatus)
    }

    /// Writes `cardbot: warning: <file>: <reason>`.
    package static func warning(file: String, _ reason: String) {
        print("cardbot: warning: \(file): \(reason)")
    }
}

/// Whether output may be coloured.
package enum TerminalColor {
    /// True when standard output is a terminal, `NO_COLOR` is unset, and colour was not turned off.
    package static func enabled(disabled: Bool) -> Bool {
        guard !disabled else { return false }
        if let noColor = ProcessInfo.processInfo.environment["NO_COLOR"], !noColor.isEmpty { return false }
        if ProcessInfo.processInfo.environment["TERM"] == "dumb" { return false }
        return isatty(STDOUT_FILENO) != 0
    }
}
