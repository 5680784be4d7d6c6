import Foundation

/// Messages to standard error in the form `cardbot: error: <file>: <reason>`.
enum Diagnostics {
    /// Prints an error about `file`.
    static func error(file: String, _ reason: String) {
        write("cardbot: error: \(file): \(reason)\n")
    }

    /// Prints an error that concerns no particular file.
    static func error(_ message: String) {
        write("cardbot: error: \(message)\n")
    }

    private static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
