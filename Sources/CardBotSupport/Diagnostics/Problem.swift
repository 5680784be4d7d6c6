/// One problem to print: the file it is in (when a file is concerned), the place in that file (when known), and
/// the reason, which says what to do.
///
/// Also an error of its own, for problems no typed error describes: a command line's combination of files.
public struct Problem: DiagnosticError, Sendable, Equatable, CustomStringConvertible {
    /// The file or folder the problem is about, as the user named it; nil when no file is concerned.
    public var file: String?
    /// Where in `file` the problem is, when it is in the file's text.
    public var position: SourcePosition?
    /// What is wrong and what to do about it.
    public var reason: String
    /// The exit status when this problem ends the command.
    public var exitStatus: Int32

    /// Creates a problem.
    public init(file: String? = nil, position: SourcePosition? = nil, _ reason: String, exitStatus: Int32 = 2) {
        self.file = file
        self.position = position == SourcePosition.none ? nil : position
        self.reason = reason
        self.exitStatus = exitStatus
    }

    /// The problem itself.
    public var problems: [Problem] { [self] }

    /// The printed line, as a compiler prints it: `FILE:LINE:COLUMN: error: reason` when the place is known
    /// (`FILE:LINE: error: reason` when only the line is: a CSV record, column 0), else `cardbot: error: FILE:
    /// reason`, or `cardbot: error: reason` when no file is concerned.
    public var line: String {
        switch (file, position) {
        case (let file?, let position?) where position.column == 0: "\(file):\(position.line): error: \(reason)"
        case (let file?, let position?): "\(file):\(position.line):\(position.column): error: \(reason)"
        case (let file?, nil): "cardbot: error: \(file): \(reason)"
        case (nil, _): "cardbot: error: \(reason)"
        }
    }

    public var description: String { line }
}
