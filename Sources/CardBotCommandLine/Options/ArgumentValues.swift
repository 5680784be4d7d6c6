import ArgumentParser
import CardBotAR
import CardBotClassroom
import CardBotGradebook
import CardBotPictures
import CardBotSupport

// The typed values of options: each is read once, where the argument parser reads the command line, and a
// value it refuses is a usage error naming the option and, for files, the names it takes.

extension PaperSize: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}

extension Length: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

extension DocumentFile: ExpressibleByArgument {
    public init?(argument: String) { self.init(path: argument) }
    public static var allValueStrings: [String] { ["NAME.pdf", "NAME.svg", "NAME.png"] }
    public static var defaultCompletionKind: CompletionKind { .file() }
}

extension Shard: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

extension ReportFile: ExpressibleByArgument {
    public init?(argument: String) { self.init(path: argument) }
    public static var allValueStrings: [String] { ["FILE.csv", "FILE.json", "FILE.html"] }
    public static var defaultCompletionKind: CompletionKind { .file() }
}

extension ProgressFile: ExpressibleByArgument {
    public init?(argument: String) { self.init(path: argument) }
    public static var allValueStrings: [String] { ["FILE.html", "FILE.csv", "FILE.json"] }
    public static var defaultCompletionKind: CompletionKind { .file() }
}

extension ReplayTarget: ExpressibleByArgument {
    public init?(argument: String) { self.init(path: argument) }
    public static var allValueStrings: [String] { ["OUT.mp4", "OUT.gif", "DIR/"] }
    public static var defaultCompletionKind: CompletionKind { .file() }
}

extension ExportFormat: ExpressibleByArgument {}

extension Anonymisation: ExpressibleByArgument {}
