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
        let result = try evaluate(page, width: width, script: """
            var inner = w.innerWidth, found = [];
            d.querySelectorAll("body *").forEach(function (e) {
              if (found.length >= 5 || e.closest(".wide")) return;
              var r = e.getBoundingClientRect();
              if (r.right > inner + 0.5) found.push(e.tagName.toLowerCase() + (e.className ? "." + e.className : "") + "@" + Math.round(r.right));
            });
            return d.documentElement.scrollWidth + "|" + inner + "|" + found.join(",");
            """)
        let parts = result.split(separator: "|", omittingEmptySubsequences: false)
        guard parts.count == 3, let scroll = Int(parts[0]), let inner = Int(parts[1]) else {
            throw Failure(description: "chromium measured \(page) as '\(result)'")
        }
        return Measure(scrollWidth: scroll, innerWidth: inner, offenders: parts[2].split(separator: ",").map(String.init))
    }

    /// What keeps `page` from being read by everyone, shown `width` px wide: headings out of order (not one `h1`,
    /// a level skipped), tables without a caption, header cells without a scope, pictures without alt text,
    /// star ratings that only a sighted reader can read (★ glyphs with no text alternative), and text whose
    /// contrast with its background is below WCAG AA (4.5:1, 3:1 for large text). Empty when there is none.
    public static func accessibilityProblems(_ page: String, width: Int = 1280) throws -> [String] {
        let result = try evaluate(page, width: width, script: accessibilityScript)
        return result.isEmpty ? [] : result.components(separatedBy: "\u{1F}")
    }

    /// The page's checks, run in the framed document `d` of window `w`; returns the problems joined by U+001F.
    static let accessibilityScript = #"""
        var problems = [];
        function name(e) { return e.tagName.toLowerCase() + (e.className && e.className.baseVal === undefined ? "." + e.className : "") + " '" + e.textContent.trim().slice(0, 24) + "'"; }
        var last = 0, ones = 0;
        d.querySelectorAll("h1, h2, h3, h4, h5, h6").forEach(function (h) {
          var level = +h.tagName[1];
          if (level === 1) ones++;
          if (level > last + 1) problems.push("heading out of order: " + name(h) + " after h" + last);
          last = level;
        });
        if (ones !== 1) problems.push(ones + " h1 headings (one wanted)");
        d.querySelectorAll("table").forEach(function (t) {
          var c = t.querySelector("caption");
          if (!c || !c.textContent.trim()) problems.push("table without a caption: " + name(t));
        });
        d.querySelectorAll("th").forEach(function (th) {
          if (!th.getAttribute("scope")) problems.push("header cell without scope: " + name(th));
        });
        d.querySelectorAll("img").forEach(function (i) {
          if (!(i.getAttribute("alt") || "").trim()) problems.push("picture without alt text: " + i.getAttribute("src").slice(0, 30));
        });
        d.querySelectorAll("svg").forEach(function (s) {
          if (s.getAttribute("aria-hidden") !== "true" && !(s.getAttribute("aria-label") || "").trim()) problems.push("chart without a label");
        });
        var walker = d.createTreeWalker(d.body, NodeFilter.SHOW_TEXT);
        for (var node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!/[\u2605\u2606]/.test(node.textContent)) continue;
          var e = node.parentElement, named = false;
          for (var a = e; a; a = a.parentElement) {
            if (a.getAttribute("aria-hidden") === "true" || (a.getAttribute("aria-label") || "").trim()) { named = true; break; }
          }
          if (!named) problems.push("stars without a text alternative: " + name(e));
        }
        function rgba(text) { var m = (text.match(/[\d.]+/g) || [0, 0, 0]).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; }
        function luminance(c) {
          var v = c.slice(0, 3).map(function (x) { x /= 255; return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
          return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
        }
        function over(top, under) { return [0, 1, 2].map(function (k) { return top[k] * top[3] + under[k] * (1 - top[3]); }); }
        function background(e) {
          var layers = [];
          for (var a = e; a; a = a.parentElement) {
            var b = rgba(w.getComputedStyle(a).backgroundColor);
            if (b[3] > 0) { layers.push(b); if (b[3] >= 1) break; }
          }
          var c = [255, 255, 255];
          for (var i = layers.length - 1; i >= 0; i--) c = over(layers[i], c);
          return c;
        }
        var seen = {};
        d.querySelectorAll("body *").forEach(function (e) {
          var own = Array.prototype.some.call(e.childNodes, function (n) { return n.nodeType === 3 && n.textContent.trim(); });
          if (!own || e.closest("[aria-hidden=true]")) return;
          var style = w.getComputedStyle(e);
          if (style.display === "none" || style.visibility === "hidden") return;
          var under = background(e), fg = rgba(e.closest("svg") ? style.fill : style.color);
          var shown = over(fg, under), l1 = luminance(shown), l2 = luminance(under);
          var ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
          var size = parseFloat(style.fontSize), bold = parseInt(style.fontWeight, 10) >= 700;
          var needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
          var key = style.color + style.fill + under.join();
          if (ratio < needed && !seen[key]) { seen[key] = 1; problems.push("contrast " + ratio.toFixed(2) + " below " + needed + ": " + name(e)); }
        });
        return problems.slice(0, 40).join("\u001f");
        """#

    /// Prints `page` to the PDF `pdf` as Chromium prints it (Letter paper, the page's own print rules, no header or
    /// footer), and returns the PDF's text as `pdftotext -layout` reads it, pages separated by form feeds.
    public static func printedText(_ page: String, pdf: String) throws -> String {
        try run(["timeout", "120", "chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                 "--print-to-pdf=\(pdf)", URL(fileURLWithPath: page).absoluteString])
        guard FileManager.default.fileExists(atPath: pdf) else { throw Failure(description: "chromium printed no \(pdf)") }
        return try run(["pdftotext", "-layout", pdf, "-"])
    }

    /// Runs a program and returns its standard output.
    private static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { throw Failure(description: "cannot start \(arguments[0]) (run make deps): \(error)") }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }

    /// Shows `page` `width` px wide in headless Chromium and returns what `script` returns: a JavaScript function
    /// body that sees the framed window as `w` and its document as `d`, and returns a string.
    static func evaluate(_ page: String, width: Int, script: String) throws -> String {
        let url = URL(fileURLWithPath: page)
        let folder = url.deletingLastPathComponent()
        let frame = folder.appendingPathComponent("probe-\(UUID().uuidString).html")
        let source = url.lastPathComponent.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? url.lastPathComponent
        let wrapper = """
            <!DOCTYPE html><html><body style="margin:0">
            <iframe id="page" src="\(source)" style="border:0;width:\(width)px;height:900px"></iframe>
            <script>
            function probe(w, d) {
            \(script)
            }
            document.getElementById("page").addEventListener("load", function () {
              var text;
              try { text = probe(this.contentWindow, this.contentDocument); } catch (e) { text = "script error: " + e; }
              var out = document.createElement("textarea");
              out.id = "probe";
              out.textContent = text;
              document.body.appendChild(out);
            });
            </script></body></html>
            """
        try Data(wrapper.utf8).write(to: frame)
        defer { try? FileManager.default.removeItem(at: frame) }
        let dom = try run([
            "timeout", "120", "chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--allow-file-access-from-files", "--virtual-time-budget=5000", "--dump-dom", frame.absoluteString,
        ])
        guard let start = dom.range(of: "<textarea id=\"probe\">"), let end = dom[start.upperBound...].range(of: "</textarea>")
        else {
            throw Failure(description: "chromium did not show \(page); is it installed (make deps)?")
        }
        return String(dom[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }
}
