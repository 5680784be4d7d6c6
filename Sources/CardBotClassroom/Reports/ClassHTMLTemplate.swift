/// The Mustache template of the HTML class report: one self-contained page (inline CSS, pictures as
/// `data:` URIs), valid as HTML5 and as XML so that it can be checked by any XML parser.
///
/// Every value goes through `{{ }}`, which escapes it (see ``HTMLEscaping``); the template uses no `{{{ }}}`.
enum ClassHTMLTemplate {
    static let text = ReportLayout.head(
        generator: "cardbot grade",
        css: """
            td.s3 { background: #2e7d32; color: #fff; }
            td.s2 { background: #c5e1a5; }
            td.s1 { background: #ffcc80; }
            td.s0 { background: #ef9a9a; }
            td.err { background: #b71c1c; color: #fff; }
            td.none { color: #6b6b6b; }
            table.index td.path { text-align: left; }
            p.back { margin: 0 0 .5rem; }
            td a { color: inherit; text-decoration: none; display: block; }
            .legend .s3 { background: #2e7d32; color: #fff; } .legend .s2 { background: #c5e1a5; }
            .legend .s1 { background: #ffcc80; } .legend .s0 { background: #ef9a9a; } .legend .err { background: #b71c1c; color: #fff; }
            .sessions { display: grid; grid-template-columns: repeat(auto-fill, minmax(330px, 1fr)); gap: 1rem; }
            section.session { background: #fff; border: 1px solid #ddd; border-left: 6px solid #ccc; border-radius: 4px; padding: .8rem; }
            section.s3 { border-left-color: #2e7d32; } section.s2 { border-left-color: #9ccc65; }
            section.s1 { border-left-color: #ffa726; } section.s0 { border-left-color: #e57373; }
            section.err { border-left-color: #b71c1c; }
            .path { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: .8rem; color: #5f5f5f; word-break: break-all; }
            dl { display: grid; grid-template-columns: max-content 1fr; gap: .15rem .75rem; margin: .5rem 0; font-size: .9rem; }
            dt { color: #666; } dd { margin: 0; }
            ol.program { list-style: none; padding: 0; margin: .3rem 0 .6rem; display: flex; flex-wrap: wrap; gap: .25rem; }
            ol.program li { background: #e3ecfa; border: 1px solid #b9cbe8; border-radius: 3px; padding: .05rem .4rem; font-size: .85rem; }
            ol.program li::before { content: counter(list-item) " "; color: #4a5a78; font-size: .75rem; }
            .pictures { display: flex; flex-wrap: wrap; gap: .5rem; align-items: flex-start; }
            figure { margin: 0; } figcaption { font-size: .75rem; color: #5f5f5f; }
            img { max-width: 320px; height: auto; border: 1px solid #ccc; image-rendering: auto; }
            img.map { image-rendering: pixelated; }
            .error { color: #b71c1c; font-weight: 600; overflow-wrap: anywhere; }
            .warning { background: #fff3e0; border: 1px solid #ffb74d; border-radius: 3px; padding: .3rem .5rem; font-size: .85rem; }
            dd.estimated { color: #8a5a00; font-style: italic; }
            ul.notes { margin: .3rem 0; padding-left: 1.2rem; font-size: .82rem; color: #8a5a00; }
            h3, .path, ol.history, ul.unreadable { overflow-wrap: anywhere; }
            ol.history { margin: .3rem 0 .6rem; padding-left: 1.4rem; font-size: .82rem; }
            ol.history li { margin-bottom: .25rem; }
            .corrected { color: #6a1b9a; font-style: italic; }
            .readings { display: inline-flex; flex-wrap: wrap; gap: 2px; margin: .15rem 0; }
            .readings figure.reading { display: inline-flex; flex-direction: column; align-items: center; margin: 0; }
            .readings figure.reading span { font-size: .7rem; color: #4a4a4a; }
            .readings figure.unsure span { color: #b71c1c; font-weight: 600; }
            .readings img.crop { width: 48px; height: 64px; max-width: none; border: 1px solid #ccc; border-radius: 2px; }
            .readings img.unsure { border: 2px solid #b71c1c; outline: 2px dashed #b71c1c; outline-offset: 1px; }
            ol.history .cards { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: .78rem; }
            ol.history .ok { color: #2e7d32; font-weight: 600; } ol.history .fail { color: #b71c1c; }
            ul.unreadable { margin: .2rem 0 .6rem; padding-left: 1.2rem; font-size: .8rem; color: #8d6e63; }
            details summary { cursor: pointer; font-size: .85rem; color: #555; }
            .review { background: #fff8e1; border: 2px solid #f9a825; border-radius: 4px; padding: .6rem .8rem; margin: .8rem 0; }
            .review h2 { margin: 0 0 .3rem; font-size: 1.1rem; }
            .review > p { margin: 0 0 .4rem; font-size: .9rem; }
            ol.look { margin: 0; padding-left: 1.3rem; } ol.look > li { margin: .4rem 0; }
            ul.reasons { margin: .2rem 0; padding-left: 1.1rem; font-size: .85rem; } ul.reasons li { margin: .15rem 0; }
            .fix { display: block; color: #4e342e; } .fix code { font-size: .8rem; overflow-wrap: anywhere; }
            div.look { background: #fff8e1; border: 1px solid #f9a825; border-radius: 3px; padding: .3rem .5rem; margin: .4rem 0; font-size: .85rem; }
            div.look strong { color: #8a5a00; }
            .legend .provisional { background: #fff8e1; border: 1px dashed #f9a825; }
            .muted { color: #6b6b6b; }
            """ + MisconceptionsHTML.css) + """
        {{#hasNavigation}}<p class="back">{{#navigation}}<a href="{{href}}">{{label}}</a> {{/navigation}}</p>{{/hasNavigation}}
        <h1>{{t.heading}}</h1>
        <p class="lead">{{sessionCount}}{{#studentCount}} · {{studentCount}}{{/studentCount}}{{#errorCount}} · {{errorCount}}{{/errorCount}}</p>
        <p class="legend"><span class="s3"><span aria-hidden="true">★★★</span> {{t.stars3}}</span><span class="s2"><span aria-hidden="true">★★☆</span> {{t.stars2}}</span><span class="s1"><span aria-hidden="true">★☆☆</span> {{t.stars1}}</span><span class="s0"><span aria-hidden="true">☆☆☆</span> {{t.stars0}}</span><span class="err">{{t.error}}</span><span class="provisional">? {{t.provisional}}</span></p>
        {{#review}}<section class="review" id="needs-your-look"><h2>⚠ {{heading}}</h2><p>{{lead}}</p>
        <ol class="look">{{#sessions}}<li><a href="{{anchor}}">{{student}} · {{levelTitle}}</a> <span class="stars">{{starText}}</span>
        <ul class="reasons">{{#reasons}}<li>{{text}}<span class="fix">{{t.whatToDo}} <code>{{fix}}</code></span></li>{{/reasons}}</ul></li>{{/sessions}}</ol></section>{{/review}}

        {{#showSummary}}
        <h2>{{t.studentsByLevel}}</h2>
        <div class="wide"><table class="grid">
        <caption class="sr">{{t.gridCaption}}</caption>
        <thead><tr><th scope="col">{{t.student}}</th>{{#levels}}<th scope="col" title="{{name}}">{{heading}}</th>{{/levels}}{{#hasUnplaced}}<th scope="col">{{t.notGraded}}</th>{{/hasUnplaced}}</tr></thead>
        <tbody>
        {{#rows}}
        <tr><th scope="row">{{student}}</th>{{#cells}}<td class="{{css}}">{{#anchor}}<a href="{{anchor}}"><span class="stars"{{#starWords}} role="img" aria-label="{{starWords}}"{{/starWords}}>{{label}}</span></a>{{/anchor}}{{^anchor}}<span class="stars"{{#starWords}} role="img" aria-label="{{starWords}}"{{/starWords}}>{{label}}</span>{{/anchor}}</td>{{/cells}}{{#hasUnplaced}}<td class="{{unplacedCss}}">{{#unplaced}}<a href="{{anchor}}">{{t.error}}</a>{{/unplaced}}</td>{{/hasUnplaced}}</tr>
        {{/rows}}
        </tbody>
        </table></div>

        {{#hasLevels}}
        <h2>{{t.levels}}</h2>
        <div class="wide"><table class="levels">
        <caption class="sr">{{t.levelsCaption}}</caption>
        <thead><tr><th scope="col">{{t.level}}</th><th scope="col">{{t.students}}</th><th scope="col">{{t.solved}}</th><th scope="col">{{t.medianAttempts}}</th><th scope="col">{{t.medianAttemptsToSolve}}</th><th scope="col"><span role="img" aria-label="{{t.stars3Words}}">★★★</span></th><th scope="col"><span role="img" aria-label="{{t.stars2Words}}">★★☆</span></th><th scope="col"><span role="img" aria-label="{{t.stars1Words}}">★☆☆</span></th><th scope="col"><span role="img" aria-label="{{t.stars0Words}}">☆☆☆</span></th></tr></thead>
        <tbody>
        {{#levelFigures}}
        <tr><th scope="row">{{number}}. {{name}}</th><td>{{students}}</td><td>{{solved}}</td><td>{{medianAttempts}}</td><td>{{medianAttemptsToSolve}}</td><td>{{stars3}}</td><td>{{stars2}}</td><td>{{stars1}}</td><td>{{stars0}}</td></tr>
        {{/levelFigures}}
        </tbody>
        </table></div>
        {{/hasLevels}}
        \(MisconceptionsHTML.template)
        {{/showSummary}}

        <h2>{{t.sessions}}</h2>
        {{#hasIndex}}
        <div class="wide"><table class="index">
        <caption class="sr">{{t.indexCaption}}</caption>
        <thead><tr><th scope="col">{{t.student}}</th><th scope="col">{{t.level}}</th><th scope="col">{{t.stars}}</th><th scope="col">{{t.attempts}}</th><th scope="col">{{t.session}}</th></tr></thead>
        <tbody>
        {{#index}}
        <tr><th scope="row"><a href="{{href}}">{{student}}</a></th><td>{{levelTitle}}</td><td class="{{css}}"><span class="stars"{{#starWords}} role="img" aria-label="{{starWords}}"{{/starWords}}>{{starText}}</span></td><td>{{attempts}}</td><td class="path">{{path}}</td></tr>
        {{/index}}
        </tbody>
        </table></div>
        {{/hasIndex}}
        <div class="sessions">
        {{#sessions}}
        <section class="session {{css}}" id="{{anchor}}">
        <h3>{{student}} · {{levelTitle}}{{#starWords}} <span class="stars" role="img" aria-label="{{starWords}}">{{starText}}</span>{{/starWords}}</h3>
        <div class="path">{{path}}</div>
        {{#error}}<p class="error">{{error}}</p>{{/error}}
        {{^error}}
        <dl>
        <dt>{{t.attempts}}</dt><dd>{{attempts}}</dd>
        {{#signalText}}<dt>{{t.runSignal}}</dt><dd{{#estimated}} class="estimated"{{/estimated}}>{{signalText}}</dd>{{/signalText}}
        <dt>{{t.solved}}</dt><dd>{{solvedText}}</dd>
        <dt>{{t.cards}}</dt><dd>{{cardsText}}</dd>
        <dt>{{t.frames}}</dt><dd>{{framesText}}</dd>
        </dl>
        <div>{{programTitle}}:</div>
        {{#hasProgram}}<ol class="program">{{#program}}<li>{{.}}</li>{{/program}}</ol>{{/hasProgram}}
        {{^hasProgram}}<p class="muted">{{t.noCards}}</p>{{/hasProgram}}
        {{#warning}}<p class="warning">⚠ {{warning}}</p>{{/warning}}
        {{#sessionReview}}<div class="look"><strong>⚠ {{heading}}</strong><ul class="reasons">{{#reasons}}<li>{{text}}<span class="fix">{{t.whatToDo}} <code>{{fix}}</code></span></li>{{/reasons}}</ul></div>{{/sessionReview}}
        {{#hasNotes}}<ul class="notes">{{#notes}}<li>{{.}}</li>{{/notes}}</ul>{{/hasNotes}}
        {{#hasHistory}}<details open="open"><summary>{{t.everyAttempt}}</summary>
        <ol class="history">{{#history}}<li><span class="cards">{{cards}}</span> <span class="muted">({{frame}}, {{time}})</span><br />{{#corrected}}<span class="corrected">✎ {{corrected}}</span><br />{{/corrected}}{{#hasReadings}}<span class="readings">{{#readings}}<figure class="reading{{#unsure}} unsure{{/unsure}}"><img class="crop{{#unsure}} unsure{{/unsure}}" src="{{src}}" alt="{{alt}}" title="{{alt}}" /><span aria-hidden="true">{{confidence}}</span></figure>{{/readings}}</span><br />{{/hasReadings}}<span class="{{css}}">{{message}}</span></li>{{/history}}</ol></details>{{/hasHistory}}
        {{#hasUnreadable}}<div>{{t.unreadableFrames}}</div>
        <ul class="unreadable">{{#unreadable}}<li>{{frame}}: {{reason}}</li>{{/unreadable}}</ul>{{/hasUnreadable}}
        <div class="pictures">
        {{#thumbnail}}<figure><img src="{{thumbnail}}" loading="lazy" alt="{{thumbnailAlt}}" /><figcaption>{{thumbnailCaption}}</figcaption></figure>{{/thumbnail}}
        {{#map}}<figure><img class="map" src="{{map}}" loading="lazy" alt="{{mapAlt}}" /><figcaption>{{mapCaption}}</figcaption></figure>{{/map}}
        {{#replays}}<figure><img src="{{gif}}" loading="lazy" alt="{{alt}}" /><figcaption>{{caption}}</figcaption></figure>{{/replays}}
        </div>
        {{#replaysLeftOut}}<p class="muted">{{replaysLeftOut}}</p>{{/replaysLeftOut}}
        {{#notMade}}<p class="warning">{{notMade}}</p>{{/notMade}}
        {{/error}}
        </section>
        {{/sessions}}
        </div>
        </body>
        </html>

        """
}
