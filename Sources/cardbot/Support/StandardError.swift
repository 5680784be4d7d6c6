import CardBotSupport
import Foundation

/// Writing to standard error (`cardbot: error: <file>: <reason>`) and asking about the terminal.
enum StandardError {
    /// Writes `text` and a newline to standard error. Messages quote names and paths from files, so every
    /// line has its control characters (and bytes of file names that are not UTF-8) made visible.
    static func print(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.visible(String($0)) }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// Writes `cardbot: warning: <file>: <reason>`.
    static func warning(file: String, _ reason: String) {
        print("cardbot: warning: \(file): \(reason)")
    }
}

/// Whether output may be coloured.
enum TerminalColor {
    /// True when standard output is a terminal, `NO_COLOR` is unset, and colour was not turned off.
    static func enabled(disabled: Bool) -> Bool {
        guard !disabled else { return false }
        if let noColor = ProcessInfo.processInfo.environment["NO_COLOR"], !noColor.isEmpty { return false }
        if ProcessInfo.processInfo.environment["TERM"] == "dumb" { return false }
        return isatty(STDOUT_FILENO) != 0
    }
}
