import Foundation

/// Where CardBot's shipped resources are: the curriculum (`Levels/`), the deck and its marker images (`Cards/`) and
/// the message catalogs (`Locale/`), found as any installed program finds its data.
///
/// In order: `$CARDBOT_HOME` when set; else `<prefix>/share/cardbot` beside the executable's `bin/` (what
/// `make install` and the Debian package lay out); else the checkout the executable was built in (it is
/// `.build/<configuration>/cardbot` or `.build/<triple>/<configuration>/cardbot`). `--levels`, `--deck`,
/// `--language` (and `$CARDBOT_DECK`, `$CARDBOT_LOCALE_DIR`) still override each resource on its own.
public struct ResourceHome: Sendable, Equatable {
    /// How the home was found.
    public enum Origin: String, Sendable, Equatable {
        /// `$CARDBOT_HOME`.
        case environment = "$CARDBOT_HOME"
        /// `<prefix>/share/cardbot`, beside the executable's `bin/`.
        case installed = "installed"
        /// The source checkout the executable was built in.
        case checkout = "checkout"
    }

    /// The environment variable that names the home folder.
    public static let environmentVariable = "CARDBOT_HOME"

    /// The home folder, or nil when none was found (then each resource is looked for in the current folder).
    public let path: String?
    /// How it was found; nil when it was not.
    public let origin: Origin?
    /// Every place that was looked at, in order (for errors and `cardbot paths`).
    public let searched: [String]

    /// The home of this process, found once.
    public static let current = ResourceHome.locate(
        environment: ProcessInfo.processInfo.environment, executables: executablePaths())

    /// The curriculum's folder.
    public var levels: String { resource("Levels") }
    /// The default deck file.
    public var deck: String { resource("Cards/deck.json") }
    /// The message catalogs' folder.
    public var locale: String { resource("Locale") }

    /// Where each resource comes from, a line each, for `cardbot paths`: the home and how it was found, then the
    /// curriculum, the deck and the message catalogs, with the environment variables that override them.
    public func report(environment: [String: String]) -> [String] {
        var lines: [String] = []
        if let path, let origin {
            let how: String
            switch origin {
            case .environment: how = "from $\(Self.environmentVariable)"
            case .installed: how = "installed beside the executable"
            case .checkout: how = "the source checkout the executable was built in"
            }
            lines.append("home:     \(path) (\(how))")
        } else {
            lines.append("home:     none found (looked in: \(searched.joined(separator: ", "))); set $\(Self.environmentVariable)")
        }
        lines.append("levels:   \(levels)")
        if let deck = environment["CARDBOT_DECK"], !deck.isEmpty {
            lines.append("deck:     \(deck) (from $CARDBOT_DECK)")
        } else {
            lines.append("deck:     \(self.deck)")
        }
        if let folder = environment[LanguageChoice.environmentVariable], !folder.isEmpty {
            lines.append("messages: \(folder) (from $\(LanguageChoice.environmentVariable))")
        } else {
            lines.append("messages: \(locale)")
        }
        return lines
    }

    /// `relative` inside the home (or as it is, from the current folder, when there is no home).
    public func resource(_ relative: String) -> String {
        guard let path else { return relative }
        return path.hasSuffix("/") ? path + relative : path + "/" + relative
    }

    /// Creates a home as found.
    public init(path: String?, origin: Origin?, searched: [String]) {
        self.path = path
        self.origin = origin
        self.searched = searched
    }

    /// Finds the home from the environment and the paths the executable is known by (as started, and resolved).
    public static func locate(environment: [String: String], executables: [String]) -> ResourceHome {
        var searched: [String] = []
        if let home = environment[environmentVariable], !home.isEmpty {
            return ResourceHome(path: home, origin: .environment, searched: [home])
        }
        var installed: [String] = []
        var checkouts: [String] = []
        for executable in executables {
            guard let slash = executable.lastIndex(of: "/") else { continue }
            let folder = executable[..<slash].isEmpty ? "/" : String(executable[..<slash])
            installed.append(FileSystem.normalized(folder + "/../share/cardbot"))
            checkouts.append(FileSystem.normalized(folder + "/../.."))
            checkouts.append(FileSystem.normalized(folder + "/../../.."))
        }
        for candidate in unique(installed) {
            searched.append(candidate)
            if isDirectory(candidate + "/Levels") { return ResourceHome(path: candidate, origin: .installed, searched: searched) }
        }
        for candidate in unique(checkouts) {
            searched.append(candidate)
            if isFile(candidate + "/Package.swift") && isDirectory(candidate + "/Levels") {
                return ResourceHome(path: candidate, origin: .checkout, searched: searched)
            }
        }
        return ResourceHome(path: nil, origin: nil, searched: searched)
    }

    /// The executable as started (`argv[0]`, searched in `$PATH` when it has no slash) and as the system resolves
    /// it (Linux: `/proc/self/exe`, symbolic links followed).
    static func executablePaths() -> [String] {
        var paths: [String] = []
        if let first = CommandLine.arguments.first, !first.isEmpty {
            if first.contains("/") {
                paths.append(first)
            } else if let search = ProcessInfo.processInfo.environment["PATH"] {
                for folder in search.split(separator: ":") where isFile("\(folder)/\(first)") {
                    paths.append("\(folder)/\(first)")
                    break
                }
            }
        }
        #if os(Linux)
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            paths.append(resolved)
        }
        #endif
        return paths
    }

    private static func unique(_ paths: [String]) -> [String] {
        var seen: Set<String> = []
        return paths.filter { seen.insert($0).inserted }
    }

    private static func isDirectory(_ path: String) -> Bool { FileSystem.kind(path) == .directory }

    private static func isFile(_ path: String) -> Bool { FileSystem.kind(path) == .regular }
}
