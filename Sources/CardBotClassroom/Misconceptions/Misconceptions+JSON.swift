import CardBotSupport

extension Misconceptions {
    /// The counts as one JSON object, keys always in this order (the `misconceptions` of the class report's and
    /// `progress`'s JSON):
    ///
    /// ```
    /// {"attempts","failed","placed","leftOutForReview",
    ///  "concepts":[{"concept","failed","used","students"}],
    ///  "cards":[{"card","failed","used","students"}],
    ///  "mistakes":[{"level","levelName","kind","card","expected","corner","stepsShort","concept","attempts","students","studentsOnLevel"}],
    ///  "fixes":[{"kind","from","to","times","students"}]}
    /// ```
    /// `leftOutForReview` counts the sessions left out because their grade needs the teacher's look.
    public var jsonObject: String {
        func count(_ key: String, _ count: Count) -> String {
            "{\"\(key)\":\(JSONText.quote(count.name)),\"failed\":\(count.failed),\"used\":\(count.used),\"students\":\(count.students)}"
        }
        func string(_ value: String?) -> String { value.map(JSONText.quote) ?? "null" }
        func int(_ value: Int?) -> String { value.map(String.init) ?? "null" }
        let mistakes = self.mistakes.map { m in
            "{\"level\":\(m.level),\"levelName\":\(JSONText.quote(m.levelName)),\"kind\":\"\(m.kind.rawValue)\","
                + "\"card\":\(string(m.card)),\"expected\":\(string(m.expected)),\"corner\":\(int(m.corner)),"
                + "\"stepsShort\":\(int(m.stepsShort)),\"concept\":\"\(m.concept.rawValue)\",\"attempts\":\(m.attempts),"
                + "\"students\":\(m.students),\"studentsOnLevel\":\(m.studentsOnLevel)}"
        }
        let fixes = self.fixes.map { f in
            "{\"kind\":\"\(f.edit.kind.rawValue)\",\"from\":\(string(f.edit.from)),\"to\":\(string(f.edit.to)),"
                + "\"times\":\(f.times),\"students\":\(f.students)}"
        }
        return "{\"attempts\":\(attempts),\"failed\":\(failed),\"placed\":\(placed),\"leftOutForReview\":\(leftOutForReview),"
            + "\"concepts\":[\(concepts.map { count("concept", $0) }.joined(separator: ","))],"
            + "\"cards\":[\(cards.map { count("card", $0) }.joined(separator: ","))],"
            + "\"mistakes\":[\(mistakes.joined(separator: ","))],\"fixes\":[\(fixes.joined(separator: ","))]}"
    }
}
