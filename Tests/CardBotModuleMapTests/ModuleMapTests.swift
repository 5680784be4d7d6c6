import Foundation
import Testing

/// The module map of docs' ARCHITECTURE (codecs -> session -> detection -> lesson -> tracking -> classroom and AR ->
/// pictures -> the executable) kept true. The one place that says which module may import which is Package.swift:
/// each module imports exactly the project modules its target depends on, and the rules of the map (which way the
/// layers go, what grading and detection may not link) are checked on those dependencies.
@Suite("module map")
struct ModuleMapTests {
    /// The package's folder: this file is Tests/CardBotModuleMapTests/ModuleMapTests.swift.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The project's own modules: the folders of Sources/.
    static func modules() throws -> Set<String> {
        Set(
            try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path)
                .filter { !$0.hasPrefix(".") })
    }

    /// Each Sources/ target of Package.swift with the project modules it depends on.
    static func declared() throws -> [String: Set<String>] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let project = try modules()
        let target = try NSRegularExpression(
            pattern: #"\.(?:target|executableTarget|systemLibrary)\(\s*name:\s*"(\w+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?"#)
        let quoted = try NSRegularExpression(pattern: #""(\w+)""#)
        var map: [String: Set<String>] = [:]
        for match in target.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)) {
            let name = String(manifest[Range(match.range(at: 1), in: manifest)!])
            guard project.contains(name) else { continue }
            var dependencies: Set<String> = []
            if let range = Range(match.range(at: 2), in: manifest) {
                let list = String(manifest[range])
                for dependency in quoted.matches(in: list, range: NSRange(list.startIndex..., in: list)) {
                    let module = String(list[Range(dependency.range(at: 1), in: list)!])
                    if project.contains(module) { dependencies.insert(module) }
                }
            }
            map[name] = dependencies
        }
        return map
    }

    /// The modules that the Swift files under Sources/`module` import.
    static func imports(of module: String) throws -> Set<String> {
        let folder = root.appendingPathComponent("Sources").appendingPathComponent(module)
        var found: Set<String> = []
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)!
        let pattern = try NSRegularExpression(
            pattern: #"^(?:@testable\s+|@_implementationOnly\s+)?import\s+(\w+)"#, options: .anchorsMatchLines)
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                found.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        return found
    }

    /// Every module `module` reaches through the dependencies `map` declares, itself not included.
    static func reach(_ module: String, in map: [String: Set<String>]) -> Set<String> {
        var seen: Set<String> = []
        var queue = Array(map[module] ?? [])
        while let next = queue.popLast() {
            if seen.insert(next).inserted { queue += map[next] ?? [] }
        }
        return seen
    }

    @Test("every Swift module imports exactly the project modules Package.swift gives it")
    func importsFollowThePackage() throws {
        let map = try Self.declared()
        let project = try Self.modules()
        for module in project.sorted() {
            let dependencies = try #require(map[module], "Sources/\(module) is no target of Package.swift")
            let files = FileManager.default.enumerator(atPath: Self.root.appendingPathComponent("Sources/\(module)").path)
            guard (files?.allObjects as? [String] ?? []).contains(where: { $0.hasSuffix(".swift") }) else { continue }
            let used = try Self.imports(of: module).intersection(project)
            #expect(
                used.subtracting(dependencies).isEmpty,
                "Sources/\(module) imports \(used.subtracting(dependencies).sorted()), which its target does not depend on")
            #expect(
                dependencies.subtracting(used).isEmpty,
                "Package.swift gives \(module) \(dependencies.subtracting(used).sorted()), which it never imports")
        }
    }

    @Test("the map goes one way: no module reaches, through others, a module that reaches it")
    func oneDirection() throws {
        let map = try Self.declared()
        for module in map.keys.sorted() {
            #expect(!Self.reach(module, in: map).contains(module), "\(module) can reach itself")
        }
    }

    /// The layers from the bottom: a module of a layer never reaches one of a higher layer.
    static let layers: [[String]] = [
        ["CardBotSupport", "CardBotGeometry"],
        ["CardBotImaging", "CardBotVideo", "CardBotPrint"],
        ["CardBotSession", "CardBotVision", "CardBotLesson"],
        ["CardBotTracking", "CardBotSynth"],
        ["CardBotClassroom", "CardBotAR"],
        ["CardBotGradebook", "CardBotPictures"],
        ["CardBotCommandLine"],
        ["cardbot"],
    ]

    @Test("every module has its layer, and none reaches a module of a higher layer")
    func layersGoUp() throws {
        let map = try Self.declared()
        let swiftModules = try Self.modules().filter { !$0.hasPrefix("C") || $0.hasPrefix("CardBot") }
        let placed = Set(Self.layers.joined())
        #expect(swiftModules.subtracting(placed).isEmpty, "no layer for \(swiftModules.subtracting(placed).sorted())")
        for (index, layer) in Self.layers.enumerated() {
            let higher = Set(Self.layers[(index + 1)...].joined())
            for module in layer {
                let reached = Self.reach(module, in: map).intersection(higher)
                #expect(reached.isEmpty, "\(module) reaches \(reached.sorted()), above it")
            }
        }
    }

    @Test("nothing below the session module knows about sessions, and nothing below tracking about runs")
    func sessionBelow() throws {
        let map = try Self.declared()
        for module in ["CardBotSupport", "CardBotGeometry", "CardBotImaging", "CardBotVideo", "CardBotVision", "CardBotLesson", "CardBotPrint"] {
            #expect(!Self.reach(module, in: map).contains("CardBotSession"), "\(module) reaches CardBotSession")
        }
        for module in ["CardBotSession", "CardBotVision", "CardBotLesson", "CardBotSynth"] {
            #expect(!Self.reach(module, in: map).contains("CardBotTracking"), "\(module) reaches CardBotTracking")
        }
    }

    @Test("detection links no drawing; tracking and grading no renderer, no replay and no FFmpeg; the replay no grading")
    func picturesApart() throws {
        let map = try Self.declared()
        let vision = Self.reach("CardBotVision", in: map)
        #expect(vision.isDisjoint(with: ["CardBotPrint", "CCairo", "CardBotPictures"]), "Vision reaches \(vision.sorted())")
        for module in ["CardBotTracking", "CardBotClassroom"] {
            let reached = Self.reach(module, in: map)
            #expect(
                reached.isDisjoint(with: ["CardBotAR", "CardBotPrint", "CCairo", "CardBotPictures"]),
                "\(module) reaches \(reached.sorted())")
            // Frames come through CardBotSession, which reads videos: FFmpeg itself is never called here.
            let direct = map[module] ?? []
            #expect(direct.isDisjoint(with: ["CardBotVideo", "CFFmpeg"]), "\(module) depends on \(direct.sorted())")
        }
        let ar = Self.reach("CardBotAR", in: map)
        #expect(!ar.contains("CardBotClassroom"), "AR reaches Classroom: a replay is drawn from a run, never from a grade")
        #expect(ar.contains("CardBotTracking"), "AR does not take the run (CardBotTracking)")
    }

    @Test("the engine of one session is Tracking's: Classroom reads no frames and runs no tracker of its own")
    func engineInTracking() throws {
        let engine = ["SessionRun", "SessionRunner", "AttemptTracker", "GoTapDetector", "LiveSession", "SessionCorrector", "CaptureCheck"]
        let folder = Self.root.appendingPathComponent("Sources/CardBotClassroom")
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)!
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for name in engine {
                #expect(
                    !text.contains("struct \(name) ") && !text.contains("enum \(name) ") && !text.contains("class \(name) "),
                    "\(file.lastPathComponent) defines \(name), which is the engine's (CardBotTracking)")
            }
        }
    }
}
