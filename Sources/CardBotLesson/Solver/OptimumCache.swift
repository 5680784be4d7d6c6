import CardBotSupport
import Foundation

/// The proven fewest cards of each level, kept on disk so that `run` does not solve a level it has solved before.
///
/// Entries are keyed by a hash of what decides the answer: the level's map, its cards, `maxCards`, `stepLimit`
/// and the solver's version (a level edited in any of these gets a new key). Each entry is one small JSON file,
/// `optimum-<key>.json` holding `{"format":1,"optimal":N}` (`null` when the solver proved nothing), written to a
/// temporary file and renamed into place, so a reader never sees half an entry. An entry that cannot be read
/// or parsed is ignored and written again. The folder is `$XDG_CACHE_HOME/cardbot`, else `~/.cache/cardbot`.
public struct OptimumCache: Sendable {
    /// Changes whenever the solver's answers could change, so old entries are not trusted.
    static let solverVersion = "solver-2"

    /// The folder of the entries, or nil for no cache (every lookup solves).
    public let directory: String?

    public init(directory: String?) {
        self.directory = directory
    }

    /// The user's cache: `$XDG_CACHE_HOME/cardbot`, else `$HOME/.cache/cardbot`; none when neither is set.
    public static func user(environment: [String: String] = ProcessInfo.processInfo.environment) -> OptimumCache {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return OptimumCache(directory: (xdg as NSString).appendingPathComponent("cardbot"))
        }
        if let home = environment["HOME"], !home.isEmpty {
            return OptimumCache(directory: ((home as NSString).appendingPathComponent(".cache") as NSString).appendingPathComponent("cardbot"))
        }
        return OptimumCache(directory: nil)
    }

    /// The level's proven fewest cards (nil when not proven), from the cache or else by solving (then stored).
    public func optimum(for level: Level) -> Int? {
        guard let path = entryPath(for: level) else { return Solver.solve(level).optimalCardCount }
        if case .some(let cached) = Self.read(path) { return cached }
        let optimal = Solver.solve(level).optimalCardCount
        write(optimal, to: path)
        return optimal
    }

    /// The entry's path for `level`.
    func entryPath(for level: Level) -> String? {
        guard let directory else { return nil }
        return (directory as NSString).appendingPathComponent("optimum-\(Self.key(for: level)).json")
    }

    /// A 64-bit FNV-1a hash (hexadecimal) of everything that decides the level's optimum.
    static func key(for level: Level) -> String {
        var text = "\(solverVersion)\n\(level.map.width)x\(level.map.height)\n"
        text += MapRenderer(color: false).startRows(level.map).joined(separator: "\n")
        text += "\ncards:" + level.cards.keys.sorted().map { "\($0)=\(level.cards[$0]!.name)" }.joined(separator: ",")
        text += "\nmaxCards:\(level.maxCards.map(String.init) ?? "-")\nstepLimit:\(level.stepLimit)"
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The cached answer (`.some(nil)` for "not proven"), or nil when there is no readable entry.
    static func read(_ path: String) -> Int?? {
        guard let data = FileManager.default.contents(atPath: path), data.count < 4096,
            let text = String(data: data, encoding: .utf8), let json = try? JSONParser.parse(text),
            let members = json.members, members.first(where: { $0.key == "format" })?.value.intValue == 1,
            let optimal = members.first(where: { $0.key == "optimal" })?.value
        else { return nil }
        if case .null = optimal.kind { return .some(nil) }
        guard let count = optimal.intValue, count >= 1 else { return nil }
        return .some(count)
    }

    /// Stores an answer atomically; a cache that cannot be written is skipped silently (it only saves time).
    func write(_ optimal: Int?, to path: String) {
        guard let directory else { return }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let text = "{\"format\":1,\"optimal\":\(optimal.map(String.init) ?? "null")}\n"
        try? AtomicFile.write(Array(text.utf8), to: path)
    }
}
