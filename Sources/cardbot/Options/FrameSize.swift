import ArgumentParser

/// An image size given as `WIDTHxHEIGHT` on the command line (for example `1280x720`).
struct FrameSize: ExpressibleByArgument, Sendable {
    var width: Int
    var height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else { return nil }
        self.init(width: width, height: height)
    }

    var defaultValueDescription: String { "\(width)x\(height)" }
}
