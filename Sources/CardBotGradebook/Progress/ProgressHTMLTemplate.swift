import CardBotClassroom

/// The Mustache template of the progress page: self-contained (inline CSS and SVG), HTML5 and well-formed XML.
/// Every value goes through `{{ }}`, which escapes it.
enum ProgressHTMLTemplate {
    static let text = ReportLayout.head(
        generator: "cardbot progress",
        css: """
            td small { display: block; font-size: .7rem; }
            .s3 { background: #2e7d32; color: #fff; } .s2 { background: #c5e1a5; } .s1 { background: #ffcc80; } .s0 { background: #ef9a9a; }
            .tried { background: #ffe0b2; } .next { background: #fff; outline: 2px dashed #1565c0; outline-offset: -3px; color: #1565c0; font-weight: 600; }
            .open { background: #fff; color: #1565c0; } .locked { background: #eee; }
            .rate { display: inline-block; height: .8rem; background: #4caf50; vertical-align: middle; }
            .rateback { display: inline-block; width: 200px; height: .8rem; background: #eee; vertical-align: middle; }
            .hard { color: #b71c1c; font-weight: 600; }
            .students { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); gap: 1rem; }
            section.student { background: #fff; border: 1px solid #ddd; border-radius: 4px; padding: .8rem; }
            section.student p { margin: .2rem 0 .5rem; font-size: .9rem; color: #444; }
            svg { display: block; } svg text { font-size: 10px; fill: #555; text-anchor: middle; font-family: sans-serif; }
            svg rect.s3 { fill: #2e7d32; } svg rect.s2 { fill: #9ccc65; } svg rect.s1, svg rect.s0 { fill: #ef9a9a; }
            svg rect.tried { fill: #fff; stroke: #ffa726; stroke-width: 2; stroke-dasharray: 4 2; }
            svg line { stroke: #999; }
            """ + MisconceptionsHTML.css) + """
        <h1>{{t.heading}}</h1>
        <p class="lead">{{studentCount}} · {{levelCount}}{{#span}} · {{span}}{{/span}}</p>
        <p class="legend"><span class="s3"><span aria-hidden="true">★★★</span> {{t.solvedFewest}}</span><span class="s2"><span aria-hidden="true">★★☆</span> {{t.solved}}</span><span class="tried">{{t.tried}}</span><span class="next">{{t.next}}</span><span class="open" title="{{t.unlockedNotPlayed}}">{{t.open}}</span><span class="locked">{{t.locked}}</span></p>

        <h2>{{t.studentsByLevel}}</h2>
        <div class="wide"><table class="grid">
        <caption class="sr">{{t.gridCaption}}</caption>
        <thead><tr><th scope="col">{{t.student}}</th>{{#columns}}<th scope="col" title="{{name}}">L{{number}}</th>{{/columns}}</tr></thead>
        <tbody>
        {{#rows}}
        <tr><th scope="row">{{student}}</th>{{#cells}}<td class="{{css}}" title="{{title}}"><span class="stars"{{#starWords}} role="img" aria-label="{{starWords}}"{{/starWords}}>{{label}}</span>{{#note}}<small>{{note}}</small>{{/note}}</td>{{/cells}}</tr>
        {{/rows}}
        </tbody>
        </table></div>

        <h2>{{t.levels}}</h2>
        <div class="wide"><table class="levels">
        <caption class="sr">{{t.levelsCaption}}</caption>
        <thead><tr><th scope="col">{{t.level}}</th><th scope="col">{{t.students}}</th><th scope="col">{{t.solvedColumn}}</th><th scope="col">{{t.solveRate}}</th><th scope="col">{{t.medianAttemptsToSolve}}</th></tr></thead>
        <tbody>
        {{#levels}}
        <tr><th scope="row">{{number}}. {{name}}</th><td>{{students}}</td><td>{{solved}}</td><td style="text-align:left"><span class="rateback"><span class="rate" style="width:{{width}}px"></span></span> {{rate}}{{#hard}} <span class="hard">{{hard}}</span>{{/hard}}</td><td>{{median}}</td></tr>
        {{/levels}}
        </tbody>
        </table></div>
        \(MisconceptionsHTML.template)

        <h2>{{t.eachStudent}}</h2>
        <div class="students">
        {{#rows}}
        <section class="student">
        <h3>{{student}}</h3>
        <p>{{summary}}</p>
        {{#chart}}{{#hasBars}}<svg xmlns="http://www.w3.org/2000/svg" width="{{width}}" height="{{height}}" role="img" aria-label="{{chartLabel}}">
        <line x1="24" y1="{{axisY}}" x2="{{width}}" y2="{{axisY}}" />
        {{#bars}}<g><title>{{title}}</title><rect class="{{css}}" x="{{x}}" y="{{y}}" width="{{width}}" height="{{height}}" /><text x="{{labelX}}" y="{{valueY}}">{{value}}</text><text x="{{labelX}}" y="{{labelY}}">{{label}} {{date}}</text></g>
        {{/bars}}</svg>{{/hasBars}}{{/chart}}
        </section>
        {{/rows}}
        </div>
        </body>
        </html>

        """
}
