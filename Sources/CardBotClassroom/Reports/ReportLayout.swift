/// The layout every HTML page of CardBot shares (the class report, its student pages and the term's progress): the
/// head and the base stylesheet, with each page's own rules after them.
///
/// The pages read on a phone as well as on a desktop: wide tables scroll sideways inside their box (`div.wide`)
/// instead of pushing the page past the screen, words break only where they would not fit, and below 600 px the
/// margins and cells tighten and cards stack in one column. Printed, every table shows whole (the grid's level
/// headings stand on end), colours are kept, and no session or table row is split across pages.
public enum ReportLayout {
    /// The Mustache text of a page's start up to `<body>`: `{{language}}` and `{{t.pageTitle}}` come from the page's
    /// values; `generator` names the command (`cardbot grade`) and `css` holds the page's own rules.
    public static func head(generator: String, css: String) -> String {
        """
        {{% CONTENT_TYPE: CARDBOT_XHTML}}
        <!DOCTYPE html>
        <html lang="{{language}}">
        <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="generator" content="\(generator)" />
        <title>{{t.pageTitle}}</title>
        <style>
        \(baseCSS)
        \(css)
        \(printCSS)
        </style>
        </head>
        <body>
        """
    }

    /// The rules every page shares.
    static let baseCSS = """
        body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 1.5rem; color: #222; background: #fbfaf7; }
        h1 { font-size: 1.5rem; margin: 0 0 .25rem; overflow-wrap: break-word; }
        h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid #ddd; padding-bottom: .25rem; }
        h3 { font-size: 1.05rem; margin: 0 0 .4rem; overflow-wrap: anywhere; }
        .lead { color: #555; margin: 0 0 1rem; }
        div.wide { overflow-x: auto; max-width: 100%; }
        table { border-collapse: collapse; }
        th, td { padding: .35rem .6rem; border: 1px solid #d8d4ca; text-align: center; }
        thead th { background: #eeeae0; font-weight: 600; }
        tbody th { text-align: left; background: #f5f2ea; font-weight: 600; overflow-wrap: break-word; max-width: 14rem; }
        .stars { letter-spacing: .1em; white-space: nowrap; }
        .legend > span { display: inline-block; padding: .1rem .5rem; margin: 0 .4rem .3rem 0; border-radius: 3px; }
        .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
        @media (max-width: 600px) {
          body { margin: .75rem; }
          th, td { padding: .25rem .35rem; font-size: .85rem; }
          tbody th { max-width: 9rem; }
          .sessions, .students { grid-template-columns: minmax(0, 1fr); }
          img { max-width: 100%; }
        }
        """

    /// The rules for paper, after the page's own so that they win: every table whole, colours kept, nothing
    /// split across pages, sessions one under another.
    static let printCSS = """
        @page { margin: 12mm; }
        @media print {
          body { margin: 0; background: #fff; font-size: 9pt; }
          * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
          div.wide { overflow: visible; }
          p.back { display: none; }
          a { color: inherit; text-decoration: none; }
          h2, h3 { break-after: avoid; }
          tr, figure, section.session, section.student { break-inside: avoid; }
          .sessions, .students { display: block; }
          section.session, section.student { margin-bottom: .5rem; }
          th, td { padding: .15rem .3rem; }
          table.grid thead th + th { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; }
          tbody th { max-width: 10rem; }
          img { max-width: 48%; }
        }
        """
}
