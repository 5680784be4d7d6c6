import CardBotLesson
import CardBotSupport

/// The "What goes wrong" part of the class report and the progress page: the sentences, a bar chart of the failed
/// attempts by concept (inline SVG, every bar labelled with its count in text, so it reads without colour), and
/// tables of the mistakes by level, the cards and the typical fixes. Both pages put ``template`` in their own
/// template and ``context(_:)`` under the key `misconceptions`.
public enum MisconceptionsHTML {
    /// The page's rules for the part.
    public static let css = """
        section.misconceptions ul.said { padding-left: 1.2rem; } section.misconceptions ul.said li { margin-bottom: .3rem; }
        section.misconceptions h3 { margin-top: 1.2rem; }
        figure.chart { margin: .5rem 0 1rem; max-width: 440px; }
        figure.chart svg { display: block; width: 100%; height: auto; }
        figure.chart svg text { font-size: 15px; fill: #222; font-family: system-ui, sans-serif; text-anchor: start; }
        figure.chart svg rect.bar { fill: #1565c0; } figure.chart svg rect.back { fill: #e8eaf0; }
        figure.chart figcaption { font-size: .85rem; color: #444; }
        table.mistakes td.what, table.fixes td.what { text-align: left; }
        """

    /// The Mustache text of the part: a section with an `h2` and `h3`s, shown when `misconceptions` is set.
    public static let template = """
        {{#misconceptions}}
        <section class="misconceptions" aria-labelledby="misconceptions">
        <h2 id="misconceptions">{{heading}}</h2>
        <p class="lead">{{lead}}</p>
        {{#hasSentences}}<ul class="said">{{#sentences}}<li>{{.}}</li>{{/sentences}}</ul>{{/hasSentences}}
        {{#hasFailures}}
        <h3>{{byConceptHeading}}</h3>
        <figure class="chart">
        <svg viewBox="0 0 {{chartWidth}} {{chartHeight}}" role="img" aria-label="{{chartLabel}}">
        {{#bars}}<g><title>{{title}}</title><text x="0" y="{{textY}}">{{label}}</text><rect class="back" x="{{barX}}" y="{{y}}" width="{{barSpan}}" height="16" /><rect class="bar" x="{{barX}}" y="{{y}}" width="{{width}}" height="16" /><text x="{{valueX}}" y="{{textY}}">{{value}}</text></g>
        {{/bars}}</svg>
        <figcaption>{{chartCaption}}</figcaption>
        </figure>
        <h3>{{byLevelHeading}}</h3>
        <div class="wide"><table class="mistakes">
        <caption class="sr">{{byLevelCaption}}</caption>
        <thead><tr><th scope="col">{{levelColumn}}</th><th scope="col">{{whatColumn}}</th><th scope="col">{{conceptColumn}}</th><th scope="col">{{studentsColumn}}</th><th scope="col">{{attemptsColumn}}</th></tr></thead>
        <tbody>
        {{#mistakes}}<tr><th scope="row">{{level}}</th><td class="what">{{what}}</td><td>{{concept}}</td><td>{{students}}</td><td>{{attempts}}</td></tr>
        {{/mistakes}}</tbody>
        </table></div>
        <h3>{{byCardHeading}}</h3>
        <div class="wide"><table class="cards">
        <caption class="sr">{{byCardCaption}}</caption>
        <thead><tr><th scope="col">{{cardColumn}}</th><th scope="col">{{failedColumn}}</th><th scope="col">{{usedColumn}}</th><th scope="col">{{studentsColumn}}</th></tr></thead>
        <tbody>
        {{#cards}}<tr><th scope="row">{{card}}</th><td>{{failed}}</td><td>{{used}}</td><td>{{students}}</td></tr>
        {{/cards}}</tbody>
        </table></div>
        {{/hasFailures}}
        {{#hasFixes}}
        <h3>{{fixesHeading}}</h3>
        <div class="wide"><table class="fixes">
        <caption class="sr">{{fixesCaption}}</caption>
        <thead><tr><th scope="col">{{fixColumn}}</th><th scope="col">{{timesColumn}}</th><th scope="col">{{studentsColumn}}</th></tr></thead>
        <tbody>
        {{#fixes}}<tr><td class="what">{{what}}</td><td>{{times}}</td><td>{{students}}</td></tr>
        {{/fixes}}</tbody>
        </table></div>
        {{/hasFixes}}
        </section>
        {{/misconceptions}}
        """

    /// The chart's width in SVG units, where the bars start, and how long a full bar is.
    static let chartWidth = 360, barX = 112, barSpan = 170

    /// The values of the part; nil when no attempt was counted (the part is left out).
    public static func context(_ misconceptions: Misconceptions) -> [String: Any]? {
        guard !misconceptions.isEmpty else { return nil }
        let m = misconceptions
        let most = max(1, m.concepts.map(\.failed).max() ?? 1)
        let bars: [[String: String]] = m.concepts.enumerated().map { index, count in
            let name = Concept(rawValue: count.name)!.localizedName
            let y = 6 + index * 26
            let value = Messages.text("%1$s of %2$s", count.failed, count.used)
            return [
                "label": name, "value": value, "y": String(y), "textY": String(y + 13), "barX": String(barX),
                "barSpan": String(barSpan), "width": String(count.failed * barSpan / most),
                "valueX": String(barX + barSpan + 6),
                "title": Messages.plural(
                    "%1$s: %2$s failed attempt went wrong first at a card of this concept, of %3$s attempts with one",
                    "%1$s: %2$s failed attempts went wrong first at a card of this concept, of %3$s attempts with one",
                    count: count.failed, name, count.failed, count.used),
            ]
        }
        let described = m.concepts.map { count in
            Messages.text("%1$s %2$s of %3$s", Concept(rawValue: count.name)!.localizedName, count.failed, count.used)
        }.joined(separator: ", ")
        return [
            "heading": Messages.text("What goes wrong"),
            "lead": Messages.text(
                "%1$s; %2$s; the first wrong card found in %3$s", Messages.plural("%s attempt", "%s attempts", count: m.attempts, m.attempts),
                Messages.plural("%s failed", "%s failed", count: m.failed, m.failed), m.placed)
                + (m.leftOutForReview > 0 ? ". " + m.leftOutSentence : ""),
            "sentences": m.sentences, "hasSentences": !m.sentences.isEmpty,
            "hasFailures": m.placed > 0,
            "byConceptHeading": Messages.text("Failed attempts by concept"),
            "chartWidth": String(chartWidth + 20), "chartHeight": String(12 + m.concepts.count * 26),
            "chartLabel": Messages.text("Failed attempts by the concept of their first wrong card: %s", described),
            "chartCaption": Messages.text(
                "Each bar: the failed attempts whose first wrong card is of this concept, of the attempts that used such a card."),
            "bars": bars,
            "byLevelHeading": Messages.text("Mistakes by level"),
            "byLevelCaption": Messages.text("Each mistake: the level, what the robot did at the first wrong card, how many students and attempts"),
            "levelColumn": Messages.text("Level"), "whatColumn": Messages.text("What went wrong"),
            "conceptColumn": Messages.text("Concept"), "studentsColumn": Messages.text("Students"),
            "attemptsColumn": Messages.text("Attempts"),
            "mistakes": m.mistakes.map { mistake -> [String: String] in
                [
                    "level": "L\(mistake.level) \(mistake.shownLevelName)", "what": Misconceptions.phrase(mistake),
                    "concept": mistake.concept.localizedName,
                    "students": Messages.text("%1$s of %2$s", mistake.students, mistake.studentsOnLevel),
                    "attempts": String(mistake.attempts),
                ]
            },
            "byCardHeading": Messages.text("First wrong card"),
            "byCardCaption": Messages.text("Each card: failed attempts that went wrong first at it, attempts that used it, students"),
            "cardColumn": Messages.text("Card"), "failedColumn": Messages.text("Went wrong here"),
            "usedColumn": Messages.text("Attempts with it"),
            "cards": m.cards.map { count -> [String: String] in
                ["card": Card.shown(count.name), "failed": String(count.failed), "used": String(count.used), "students": String(count.students)]
            },
            "hasFixes": !m.fixes.isEmpty,
            "fixesHeading": Messages.text("Typical fixes between attempts"),
            "fixesCaption": Messages.text("Each change a student made to the cards after a failed attempt, how often and by how many"),
            "fixColumn": Messages.text("Fix"), "timesColumn": Messages.text("Times"),
            "fixes": m.fixes.prefix(12).map { fix -> [String: String] in
                ["what": Misconceptions.phrase(fix.edit), "times": String(fix.times), "students": String(fix.students)]
            },
        ]
    }
}
