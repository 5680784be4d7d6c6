#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the deck file a command should use.
///
/// In order: the path given with `--deck`; else `$CARDBOT_DECK` when set; else `Cards/deck.json` in the current
/// folder; else `Cards/deck.json` two folders above the executable's folder (where it is in a checkout built with
/// `swift build`, whose binary is `.build/<configuration>/cardbot`), also trying one more level up for the
/// resolved `.build/<triple>/<configuration>/cardbot`.
public enum DeckLocator {
    /// The environment variable that names a deck file.
    public static let environmentVariable = "CARDBOT_DECK"

    /// The deck file to load.
    /// - Parameters:
    ///   - explicit: The `--deck` argument, if any; it is returned as is (loading reports it if missing).
    ///   - environment: The process environment.
    ///   - currentDirectory: The folder relative paths start from (`nil`: the process's own).
    ///   - executable: The path of the running executable (`nil`: found from the process).
    /// - Throws: `DeckError` (`.notFound`) listing the places looked at when no deck is found.
    public static func locate(
        explicit: String?, environment: [String: String], currentDirectory: String? = nil, executable: String? = nil
    ) throws -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let fromEnvironment = environment[environmentVariable], !fromEnvironment.isEmpty { return fromEnvironment }
        var candidates: [String] = []
        let local = "Cards/deck.json"
        candidates.append(currentDirectory.map { $0.hasSuffix("/") ? $0 + local : $0 + "/" + local } ?? local)
        for executablePath in [executable ?? CommandLine.arguments.first, resolvedExecutable()].compactMap({ $0 }) {
            guard let slash = executablePath.lastIndex(of: "/") else { continue }
            let folder = String(executablePath[..<slash])
            candidates.append(folder + "/../../" + local)
            candidates.append(folder + "/../../../" + local)
        }
        for candidate in candidates where isFile(candidate) {
            return candidate
        }
        throw DeckError(
            .notFound, file: local,
            reason: """
                no deck found; pass --deck PATH or set \(environmentVariable) (looked in: \
                \(candidates.joined(separator: ", ")))
                """)
    }

    private static func isFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// The running executable's real path, where the system says it (Linux: /proc/self/exe).
    private static func resolvedExecutable() -> String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        return nil
        #endif
    }
}
