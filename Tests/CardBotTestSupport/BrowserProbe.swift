import Foundation

/// Shows an HTML page in headless Chromium at a given width and measures it, as a phone or a desktop shows it.
///
/// Chromium's headless window is at least 500 px wide, so the page is framed in an `<iframe>` of exactly the
/// width asked for; a script then measures the framed document. Chromium comes with `make deps`.
public enum BrowserProbe {
    /// What a page looks like at one width.
    public struct Measure: Sendable, CustomStringConvertible {
        /// The document's full width (`document.documentElement.scrollWidth`).
        public var scrollWidth: Int
        /// The viewport's width (`innerWidth`).
        public var innerWidth: Int
        /// The first elements that reach past the viewport's right edge and are not inside a box that scrolls
        /// sideways itself (`tag.class`), for a failure's message.
        public var offenders: [String]

        /// Whether the page scrolls sideways.
        public var overflows: Bool { scrollWidth > innerWidth }

        public var description: String { "scrollWidth \(scrollWidth) in \(innerWidth) px: \(offenders.joined(separator: ", "))" }
    }

    /// Why a page could not be measured.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Measures `page` (an HTML file) shown `width` px wide.
    public static func measure(_ page: String, width: Int) throws -> Measure {
        let url = URL(fileURLWithPath: page)
        let folder = url.deletingLastPathComponent()
        let frame = folder.appendingPathComponent("probe-\(UUID().uuidString).html")
        let source = url.lastPathComponent.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? url.lastPathComponent
        let wrapper = """
            <!DOCTYPE html><html><body style="margin:0">
            <iframe id="page" src="\(source)" style="border:0;width:\(width)px;height:900px"></iframe>
            <script>
            document.getElementById("page").addEventListener("load", function () {
              var w = this.contentWindow, d = this.contentDocument, inner = w.innerWidth, found = [];
              d.querySelectorAll("body *").forEach(function (e) {
                if (found.length >= 5 || e.closest(".wide")) return;
                var r = e.getBoundingClientRect();
                if (r.right > inner + 0.5) found.push(e.tagName.toLowerCase() + (e.className ? "." + e.className : "") + "@" + Math.round(r.right));
              });
              document.body.setAttribute("data-probe", d.documentElement.scrollWidth + "|" + inner + "|" + found.join(","));
            });
            </script></body></html>
            """
        try Data(wrapper.utf8).write(to: frame)
        defer { try? FileManager.default.removeItem(at: frame) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "timeout", "120", "chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--allow-file-access-from-files", "--virtual-time-budget=5000", "--dump-dom", frame.absoluteString,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { throw Failure(description: "cannot start chromium (run make deps): \(error)") }
        let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard let start = dom.range(of: "data-probe=\""), let end = dom[start.upperBound...].firstIndex(of: "\"") else {
            throw Failure(description: "chromium (status \(process.terminationStatus)) did not measure \(page); is it installed (make deps)?")
        }
        let parts = dom[start.upperBound..<end].split(separator: "|", omittingEmptySubsequences: false)
        guard parts.count == 3, let scroll = Int(parts[0]), let inner = Int(parts[1]) else {
            throw Failure(description: "chromium measured \(page) as '\(dom[start.upperBound..<end])'")
        }
        return Measure(
            scrollWidth: scroll, innerWidth: inner, offenders: parts[2].split(separator: ",").map { String($0).replacingOccurrences(of: "&amp;", with: "&") })
    }
}
