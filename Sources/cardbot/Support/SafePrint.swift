import CardBotSupport

/// Prints `text` and a newline on standard output with the control characters of every line made visible.
///
/// Every command prints names, titles and paths read from files; this overload (it shadows `Swift.print` for
/// `String`s in this module) makes sure none of them can send escape sequences to the terminal. Report
/// builders escape file names themselves (see `TerminalText.visible`); this is the last line of defence,
/// keeping only the program's own colour codes.
func print(_ text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        .map { TerminalText.controlsVisible(String($0), keepingColors: true) }
    Swift.print(lines.joined(separator: "\n"))
}
