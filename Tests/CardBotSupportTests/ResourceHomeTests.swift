import CardBotSupport
import Foundation
import Testing

/// Where the shipped resources are found: `$CARDBOT_HOME`, else `<prefix>/share/cardbot` beside `bin/`, else the
/// checkout the binary was built in; folder trees made for each case.
@Suite("ResourceHome: the levels, deck and messages found like an installed program's")
struct ResourceHomeTests {
    /// A fresh folder with `paths` created in it (a trailing `/` makes a folder, else an empty file).
    static func tree(_ paths: [String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("home-\(UUID().uuidString)").path
        for path in paths {
            let full = root + "/" + path
            if path.hasSuffix("/") {
                try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
            } else {
                try FileManager.default.createDirectory(
                    atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                FileManager.default.createFile(atPath: full, contents: Data())
            }
        }
        return root
    }

    @Test("an installed binary finds <prefix>/share/cardbot")
    func installed() throws {
        let root = try Self.tree(["usr/bin/cardbot", "usr/share/cardbot/Levels/", "usr/share/cardbot/Cards/deck.json"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let home = ResourceHome.locate(environment: [:], executables: [root + "/usr/bin/cardbot"])
        #expect(home.origin == .installed)
        #expect(home.path == root + "/usr/share/cardbot")
        #expect(home.levels == root + "/usr/share/cardbot/Levels")
        #expect(home.deck == root + "/usr/share/cardbot/Cards/deck.json")
        #expect(home.locale == root + "/usr/share/cardbot/Locale")
    }

    @Test("a binary built in a checkout (.build/release or .build/<triple>/release) finds the checkout")
    func checkout() throws {
        let root = try Self.tree([
            "Package.swift", "Levels/", ".build/release/cardbot", ".build/x86_64-unknown-linux-gnu/release/cardbot",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        for executable in [".build/release/cardbot", ".build/x86_64-unknown-linux-gnu/release/cardbot"] {
            let home = ResourceHome.locate(environment: [:], executables: [root + "/" + executable])
            #expect(home.origin == .checkout, "\(executable)")
            #expect(home.path == root, "\(executable)")
        }
    }

    @Test("$CARDBOT_HOME wins; nothing found leaves relative paths and says where it looked")
    func environmentAndNone() throws {
        let root = try Self.tree(["usr/bin/cardbot", "usr/share/cardbot/Levels/"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let chosen = ResourceHome.locate(environment: ["CARDBOT_HOME": "/srv/cardbot"], executables: [root + "/usr/bin/cardbot"])
        #expect(chosen.origin == .environment)
        #expect(chosen.levels == "/srv/cardbot/Levels")
        let lost = ResourceHome.locate(environment: ["CARDBOT_HOME": ""], executables: [root + "/opt/x/bin/cardbot"])
        #expect(lost.path == nil && lost.origin == nil)
        #expect(lost.levels == "Levels")
        #expect(lost.searched.contains(root + "/opt/x/share/cardbot"))
        #expect(lost.report(environment: [:]).first?.contains("none found") == true)
    }

    @Test("paths are normalized without touching the file system")
    func normalized() {
        #expect(ResourceHome.locate(environment: [:], executables: ["/a/b/../c/bin/cardbot"]).searched.first == "/a/c/share/cardbot")
    }
}
