import Foundation

/// The checkout the tests run in: the folder holding Package.swift, found by walking up from this file.
public enum PackageRoot {
    /// The package root, or the current directory when no Package.swift lies above this file.
    public static let url: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// A path below the package root, such as `Levels` or `Cards/deck.json`.
    public static func path(_ relative: String) -> String {
        url.appendingPathComponent(relative).path
    }
}
