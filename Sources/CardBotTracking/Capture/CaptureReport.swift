import CardBotSupport

/// What a capture check found about a recording: how many frames were read, and one finding per aspect.
public struct CaptureReport: Sendable, Equatable {
    /// A frame that could not be read, and why: the same as a session's.
    public typealias UnreadableFrame = SessionRun.UnreadableFrame

    /// The recording as the user named it.
    public var recording: String
    /// The frames read.
    public var frames: Int
    /// The frames that could not be read.
    public var unreadable: [UnreadableFrame]
    /// The frame size of the first frame read.
    public var width: Int
    /// The frame height of the first frame read.
    public var height: Int
    /// One finding per aspect judged, in ``CaptureAspect``'s order.
    public var findings: [CaptureFinding]

    /// Creates a report.
    public init(recording: String, frames: Int, unreadable: [UnreadableFrame], width: Int, height: Int, findings: [CaptureFinding]) {
        self.recording = recording
        self.frames = frames
        self.unreadable = unreadable
        self.width = width
        self.height = height
        self.findings = findings
    }

    /// The worst finding's severity: a problem means the setup will not read the cards well.
    public var verdict: CaptureSeverity { findings.map(\.severity).max() ?? .good }

    /// The exit status a script can test: 0 when the setup reads well (warnings allowed), 1 when it will not.
    public var exitStatus: Int32 { verdict == .problem ? Self.willNotReadStatus : 0 }

    /// The exit status of a setup that will not read the cards well.
    public static let willNotReadStatus: Int32 = 1

    /// The findings that are not good.
    public var problems: [CaptureFinding] { findings.filter { $0.severity != .good } }

    /// The verdict as one line, in the reader's language.
    public var verdictLine: String {
        switch verdict {
        case .good: Messages.text("This setup reads the cards well.")
        case .warning: Messages.text("This setup reads the cards, but see the advice above.")
        case .problem: Messages.text("This setup will not read the cards well: follow the advice above and check again.")
        }
    }
}
