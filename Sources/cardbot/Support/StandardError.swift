import Foundation

/// Writing to standard error (`cardbot: error: <file>: <reason>`) and asking about the terminal.
enum StandardError {
    /// Writes `text` and a newline to standard error.
    static func print(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Writes `cardbot: error: <message>`.
    static func error(_ message: String) {
        print("cardbot: error: \(message)")
    }

    /// Writes `cardbot: error: <file>: <reason>`.
    static func error(file: String, _ reason: String) {
        print("cardbot: error: \(file): \(reason)")
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
