import CardBotTestSupport
import Foundation
import Testing

/// The module map of docs' ARCHITECTURE (codecs -> session -> detection -> lesson -> classroom -> pictures -> the
/// executable) kept true: each module imports only the project modules below it that this list allows.
@Suite("module map")
struct ModuleMapTests {
    /// The project modules each module may import. A module missing here is a new module: add it with its place.
    static let allowed: [String: Set<String>] = [
        "CardBotSupport": [],
        "CardBotGeometry": [],
        "CardBotImaging": ["CardBotGeometry", "CardBotSupport", "CCardBotJPEG", "CPNG"],
        "CardBotVideo": ["CardBotImaging", "CardBotSupport", "CCardBotVideo", "CFFmpeg"],
        "CardBotPrint": ["CardBotImaging", "CardBotSupport", "CCairo"],
        "CardBotSession": ["CardBotImaging", "CardBotVideo", "CardBotSupport"],
        "CardBotVision": ["CardBotGeometry", "CardBotImaging", "CardBotSupport"],
        "CardBotLesson": ["CardBotSupport"],
        "CardBotSynth": [
            "CardBotGeometry", "CardBotImaging", "CardBotVideo", "CardBotPrint", "CardBotSession", "CardBotVision",
            "CardBotLesson", "CardBotSupport",
        ],
        "CardBotClassroom": [
            "CardBotSession", "CardBotLesson", "CardBotVision", "CardBotImaging", "CardBotGeometry", "CardBotSupport",
        ],
        "CardBotGradebook": ["CardBotClassroom", "CardBotSession", "CardBotLesson", "CardBotImaging", "CardBotSupport"],
        "CardBotAR": [
            "CardBotVision", "CardBotLesson", "CardBotGeometry", "CardBotImaging", "CardBotVideo", "CardBotPrint",
            "CardBotSupport",
        ],
        "CardBotPictures": [
            "CardBotAR", "CardBotClassroom", "CardBotSession", "CardBotLesson", "CardBotVision", "CardBotGeometry",
            "CardBotImaging", "CardBotPrint", "CardBotSupport",
        ],
        // The command line's shared parts: option groups of every command, help in the reader's language.
        "CardBotCommandLine": [
            "CardBotPictures", "CardBotGradebook", "CardBotClassroom", "CardBotSession", "CardBotAR", "CardBotVision",
            "CardBotImaging", "CardBotSynth", "CardBotSupport",
        ],
        // The executable maps options to the library call of each command: it links FFmpeg and cairo only
        // through the modules that use them.
        "cardbot": [
            "CardBotPictures", "CardBotGradebook", "CardBotClassroom", "CardBotSession", "CardBotAR", "CardBotLesson",
            "CardBotVision", "CardBotImaging", "CardBotSynth", "CardBotSupport", "CardBotCommandLine",
        ],
    ]

    /// The project's own modules: the folders of Sources/.
    static func modules() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: PackageRoot.url.appendingPathComponent("Sources").path)
            .filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The modules that the Swift files under Sources/`module` import.
    static func imports(of module: String) throws -> Set<String> {
        let folder = PackageRoot.url.appendingPathComponent("Sources").appendingPathComponent(module)
        var found: Set<String> = []
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)!
        let pattern = try NSRegularExpression(pattern: #"^(?:@testable\s+|@_implementationOnly\s+)?import\s+(\w+)"#, options: .anchorsMatchLines)
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                found.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        return found
    }

    @Test("every module imports only the project modules its place in the map allows")
    func importsFollowTheMap() throws {
        let project = Set(try Self.modules())
        for module in project where !module.hasPrefix("C") || module.hasPrefix("CardBot") {
            let allowed = try #require(Self.allowed[module], "Sources/\(module) is not in the module map")
            let used = try Self.imports(of: module).intersection(project)
            #expect(used.subtracting(allowed).isEmpty, "Sources/\(module) imports \(used.subtracting(allowed).sorted()), outside its place")
        }
    }

    @Test("the map goes one way: no module is allowed to import, through others, a module that imports it")
    func oneDirection() {
        func reaches(_ from: String, _ target: String, _ seen: inout Set<String>) -> Bool {
            for next in Self.allowed[from] ?? [] where seen.insert(next).inserted {
                if next == target || reaches(next, target, &seen) { return true }
            }
            return false
        }
        for module in Self.allowed.keys {
            var seen: Set<String> = []
            #expect(!reaches(module, module, &seen), "\(module) can reach itself")
        }
    }

    @Test("nothing below the session module knows about sessions")
    func sessionBelow() throws {
        for module in ["CardBotSupport", "CardBotGeometry", "CardBotImaging", "CardBotVideo", "CardBotVision", "CardBotLesson", "CardBotPrint"] {
            #expect(!(try Self.imports(of: module)).contains("CardBotSession"), "\(module) imports CardBotSession")
        }
    }

    @Test("detection links no drawing, and grading no renderer, no replay and no FFmpeg: pictures are CardBotPictures'")
    func picturesApart() throws {
        let vision = try Self.imports(of: "CardBotVision")
        #expect(vision.isDisjoint(with: ["CardBotPrint", "CCairo", "CardBotPictures"]), "Vision imports \(vision.sorted())")
        let classroom = try Self.imports(of: "CardBotClassroom")
        #expect(
            classroom.isDisjoint(with: ["CardBotAR", "CardBotVideo", "CFFmpeg", "CardBotPrint", "CCairo", "CardBotPictures"]),
            "Classroom imports \(classroom.sorted())")
        // Package.swift links what the sources import: no target is given a library it does not use.
        let manifest = try String(contentsOf: PackageRoot.url.appendingPathComponent("Package.swift"), encoding: .utf8)
        for (module, forbidden) in [("CardBotVision", "CardBotPrint"), ("CardBotClassroom", "CardBotAR"), ("CardBotClassroom", "CardBotVideo")] {
            let pattern = try NSRegularExpression(pattern: #"name:\s*""# + module + #"",\s*dependencies:\s*\[([^\]]*)\]"#)
            let match = try #require(
                pattern.firstMatch(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)), "\(module)'s target")
            let dependencies = manifest[Range(match.range(at: 1), in: manifest)!]
            #expect(!dependencies.contains("\"\(forbidden)\""), "Package.swift gives \(module) \(forbidden)")
        }
    }
}
