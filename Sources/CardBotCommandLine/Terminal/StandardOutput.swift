import CardBotSupport

/// Standard output, where every command's results go.
package enum StandardOutput {
    /// Prints `text` and a newline with the control characters of every line made visible.
    ///
    /// Every command prints names, titles and paths read from files; this makes sure none of them can send escape
    /// sequences to the terminal. Report builders escape file names themselves (see `TerminalText.visible`); this
    /// is the last line of defence, keeping only the program's own colour codes.
    package static func print(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TerminalText.controlsVisible(String($0), keepingColors: true) }
        Swift.print(lines.joined(separator: "\n"))
    }
}
