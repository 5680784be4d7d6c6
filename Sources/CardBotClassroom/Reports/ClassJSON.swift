import CardBotLesson
import CardBotSupport

/// The class report as JSON: the same text for the same class, keys always in the same order, no timestamps.
///
/// ```
/// {"sessions":[
///  {"path","student","level","levelName","levelFile","attempts","history","signal","estimated","taps","notes","needsReview",
///   "reviewReasons","solved","stars","cards","optimal","firstSuccess","frames","unreadableFrames","finalProgram","error"},
///  ...
/// ],
/// "summary":{"sessions","graded","needReview","errors","students","frames","unreadableFrames",
///  "levels":[{"level","levelName","levelFile","sessions","students","solved","medianAttempts","medianAttemptsToSolve","stars"}]},
/// "misconceptions":{...}}
/// ```
/// `misconceptions` is ``Misconceptions/jsonObject``: what goes wrong, by concept, card, level and fix.
/// `history` lists every attempt in order (``attemptObject(_:)``): its time, program, result, each card's reading
/// with its confidence, and the teacher's correction with what CardBot had read.
/// `signal` is the rule that made the attempts (`run-marks`, `go-taps`, `settled`; null when not graded),
/// `estimated` is true when nothing in the recording said "run" (settled programs), `taps` lists every tap on
/// the GO card as `{"frame","seconds","end","press"}` (`press` false for a double tap's second tap), `notes`
/// what the teacher should know about the run signal. `needsReview` is true when the grade needs the teacher's look
/// and `reviewReasons` says why (`[{"code","text","fix"}]`, as `run --json`'s summary; the stars are then
/// provisional); the summary's `needReview` counts those sessions. `firstSuccess` is `{"attempt","frame","seconds"}` or null; `stars` of a level is the number of sessions with
/// 0, 1, 2 and 3 stars. `levelFile` is the session's own level file (relative to the class folder) when its level
/// is not the curriculum's level of that number, else null: such a level has its own entry in `levels`. Values
/// that are not known are null.
public enum ClassJSON {
    /// The whole file, one session per line, ending with a newline.
    public static func text(for grade: ClassGrade) -> String {
        var out = "{\"sessions\":[\n"
        out += grade.grades.map { " " + object($0) }.joined(separator: ",\n")
        out += grade.grades.isEmpty ? "],\n" : "\n],\n"
        out += "\"summary\":" + summary(grade.summary) + ",\n"
        out += "\"misconceptions\":" + grade.misconceptions.jsonObject + "}\n"
        return out
    }

    /// One session as a JSON object on one line.
    public static func object(_ row: SessionGrade) -> String {
        let first = row.firstSuccess.map {
            "{\"attempt\":\($0.attempt),\"frame\":\(JSONText.quote($0.frame)),\"seconds\":\(JSONText.number($0.seconds, places: 3))}"
        } ?? "null"
        return "{\"path\":\(JSONText.quote(row.path)),\"student\":\(JSONText.quote(row.student)),"
            + "\"level\":\(int(row.level)),\"levelName\":\(string(row.levelName)),\"levelFile\":\(string(row.levelFile)),"
            + "\"attempts\":\(row.attempts),\"history\":[\(row.history.map(attemptObject).joined(separator: ","))],"
            + "\"signal\":\(string(row.signal?.rawValue)),\"estimated\":\(row.estimated),"
            + "\"taps\":[\(row.taps.map(\.jsonObject).joined(separator: ","))],"
            + "\"notes\":\(SessionJSONLines.strings(row.notes)),"
            + "\"needsReview\":\(row.needsReview),\"reviewReasons\":\(SessionJSONLines.reasonsArray(row.review)),"
            + "\"solved\":\(row.solved),\"stars\":\(int(row.stars)),\"cards\":\(int(row.cards)),"
            + "\"optimal\":\(int(row.optimal)),\"firstSuccess\":\(first),\"frames\":\(row.frames),"
            + "\"unreadableFrames\":\(row.unreadableFrames),\"finalProgram\":\(SessionJSONLines.strings(row.finalProgram)),"
            + "\"error\":\(string(row.error))}"
    }

    /// One attempt of a session's history: `{"number","frame","seconds","program","solved","reason","cards","corrected"}`
    /// (no words: the JSON is the same in every language; `reason` is the run's result code). `cards` holds, for each card of the program, how it was read in the attempt's frame
    /// (`{"marker","card","confidence","correctedCells","unsure"}`, null where the frame does not show it; for a
    /// corrected attempt, of the cards CardBot had read);
    /// `corrected` is the teacher's correction (`{"by","at","read","added"}`, as `run --json`'s) or null.
    static func attemptObject(_ attempt: AttemptRecord) -> String {
        // A corrected attempt's readings are of the cards CardBot read, not of the teacher's program.
        let read = attempt.correction?.readNames ?? attempt.program
        let cards = attempt.readings.enumerated().map { index, reading -> String in
            guard let reading else { return "null" }
            let card = index < read.count ? JSONText.quote(read[index]) : "null"
            return "{\"marker\":\(reading.marker),\"card\":\(card),"
                + "\"confidence\":\(JSONText.number(reading.confidence, places: 3)),"
                + "\"correctedCells\":\(reading.correctedCells),\"unsure\":\(reading.isUnsure)}"
        }
        return "{\"number\":\(attempt.number),\"frame\":\(JSONText.quote(attempt.frame)),"
            + "\"seconds\":\(JSONText.number(attempt.seconds, places: 3)),\"program\":\(SessionJSONLines.strings(attempt.program)),"
            + "\"solved\":\(attempt.solved),\"reason\":\(JSONText.quote(attempt.reason)),"
            + "\"cards\":[\(cards.joined(separator: ","))],"
            + "\"corrected\":\(SessionJSONLines.correctedObject(attempt.correction))}"
    }

    /// The summary object.
    public static func summary(_ summary: ClassSummary) -> String {
        let levels = summary.levels.map { figures in
            "{\"level\":\(figures.level),\"levelName\":\(JSONText.quote(figures.levelName)),"
                + "\"levelFile\":\(string(figures.levelFile)),"
                + "\"sessions\":\(figures.sessions),\"students\":\(figures.students),\"solved\":\(figures.solved),"
                + "\"medianAttempts\":\(double(figures.medianAttempts)),"
                + "\"medianAttemptsToSolve\":\(double(figures.medianAttemptsToSolve)),"
                + "\"stars\":[\(figures.stars.map(String.init).joined(separator: ","))]}"
        }
        return "{\"sessions\":\(summary.sessions),\"graded\":\(summary.sessions - summary.errors),"
            + "\"needReview\":\(summary.needReview),"
            + "\"errors\":\(summary.errors),\"students\":\(summary.students),\"frames\":\(summary.frames),"
            + "\"unreadableFrames\":\(summary.unreadableFrames),\"levels\":[\(levels.joined(separator: ","))]}"
    }

    private static func int(_ value: Int?) -> String { value.map(String.init) ?? "null" }
    private static func double(_ value: Double?) -> String { value.map { JSONText.number($0, places: 3) } ?? "null" }
    private static func string(_ value: String?) -> String { value.map(JSONText.quote) ?? "null" }
}
