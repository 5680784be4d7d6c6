import ArgumentParser
import CardBotSupport
import Foundation

extension ParsableCommand {
    /// ArgumentParser's `fullMessage(for:columns:)` in the messages' language.
    ///
    /// Help, and usage and validation errors with the usage, rewritten by ``HelpTranslator``; in English exactly
    /// ArgumentParser's.
    package static func translatedMessage(for error: Error, columns: Int? = nil) -> String {
        guard Messages.current.language != MessageCatalog.english.language else {
            return fullMessage(for: error, columns: columns)
        }
        let width = columns ?? terminalColumns
        return HelpTranslator.translated(fullMessage(for: error, columns: width), columns: width)
    }

    /// ArgumentParser's `exit(withError:)` in the messages' language: help on standard output with status 0, any
    /// other message on standard error, then the status the error asks for.
    package static func exit(translating error: Error) -> Never {
        let text = translatedMessage(for: error)
        let status = exitCode(for: error)
        if !text.isEmpty {
            if status == .success {
                print(text)
            } else {
                FileHandle.standardError.write(Data((text + "\n").utf8))
            }
        }
        Foundation.exit(status.rawValue)
    }

    /// The width ArgumentParser wraps help to: `$COLUMNS`, else the terminal's, else 80.
    private static var terminalColumns: Int {
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap({ Int($0) }) { return columns }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}
