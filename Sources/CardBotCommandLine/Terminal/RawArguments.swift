import CardBotSupport

/// The command line as the system gave it. Swift's `CommandLine.arguments` repairs bytes that are not UTF-8,
/// so a file named `a\xff.jpg` would arrive as `a\u{FFFD}.jpg` and not be found; these arguments keep such
/// bytes (see `PathName`), so that every file a shell can name can be opened.
package enum RawArguments {
    /// The arguments after the program name.
    package static func current() -> [String] {
        (1..<Int(CommandLine.argc)).compactMap { index in
            CommandLine.unsafeArgv[index].map { PathName.string(fromCString: $0) }
        }
    }
}
