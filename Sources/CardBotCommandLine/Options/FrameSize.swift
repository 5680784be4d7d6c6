import ArgumentParser

/// An image size given as `WIDTHxHEIGHT` on the command line (for example `1280x720`).
package struct FrameSize: ExpressibleByArgument, Sendable {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    package init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else { return nil }
        self.init(width: width, height: height)
    }

    package var defaultValueDescription: String { "\(width)x\(height)" }
}
