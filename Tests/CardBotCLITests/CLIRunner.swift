import CardBotTestSupport
import Foundation

/// Runs the built `cardbot` binary as a user would and captures what it prints.
///
/// The binary is `$CARDBOT_BIN` when set, else the `cardbot` that `swift test` has just built beside the test
/// bundle (the test target depends on the executable), never a `.build/release/cardbot` left by another build.
struct CLIRunner {
    /// What one run printed and how it ended.
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The package root (the folder holding Package.swift).
    static let packageRoot: URL = PackageRoot.url

    /// The binary under test.
    static let binary: String = {
        if let path = ProcessInfo.processInfo.environment["CARDBOT_BIN"], !path.isEmpty { return path }
        let bundle = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: bundle).deletingLastPathComponent().appendingPathComponent("cardbot").path
    }()

    /// The cache folder (`XDG_CACHE_HOME`) every run of this test process uses, removed when the process exits.
    static let cacheHome: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cardbot-cache-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: CLIRunner.cacheHome) }
        return url
    }()

    /// Runs `cardbot` with `arguments` in `directory` (default: the package root) and waits for it.
    ///
    /// The locale variables are cleared (messages in English) unless `environment` sets them; `environment`
    /// adds to or overrides the test process's environment. `executable` runs another binary (an installed one).
    static func run(
        _ arguments: [String], in directory: URL? = nil, stdin: String? = nil, environment extra: [String: String] = [:],
        executable: String? = nil
    ) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? binary)
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        // The solver's cache goes to a folder of this test run, never the user's home.
        environment["XDG_CACHE_HOME"] = cacheHome.path
        for name in ["LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"] { environment[name] = nil }
        environment.merge(extra) { $1 }
        process.environment = environment
        // Output goes to files, not pipes, so a chatty process never blocks on a full pipe.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cardbot-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        if let stdin {
            let input = Pipe()
            process.standardInput = input
            try process.run()
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try input.fileHandleForWriting.close()
        } else {
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }
        process.waitUntilExit()
        try out.close()
        try err.close()
        let outData = try Data(contentsOf: outURL)
        let errData = try Data(contentsOf: errURL)
        return Output(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh temporary directory, removed by the caller when done.
    static func temporaryDirectory(_ name: String = "cardbot-test") throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(name)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
