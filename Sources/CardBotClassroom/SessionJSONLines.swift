import CardBotLesson
import CardBotSupport
import CardBotTracking
import CardBotVision

/// The JSON Lines form of a session run.
///
/// For each attempt: `{"type":"program","attempt","signal","frame","seconds","cards","markers","runnable","error","evidence"}`
/// (`signal`: `run-marks`, `go-taps` or `settled`, the rule that found it; `corrected`: a teacher's correction of the
/// attempt from the session's corrections.json, `{"by","at","read","added"}` with what CardBot had read, or null; `evidence`: for each card of the
/// program, what it was read as in the attempt's frame, `{"marker","card","confidence","correctedCells","unsure","corners"}`
/// with the marker's corners in that frame's pixels (top-left, top-right, bottom-right, bottom-left of the card
/// upright), or null when that frame does not show the card),
/// then its `step` objects and its `result` object (both as `cardbot run --program --json` prints them, with an
/// `attempt` number); a program that cannot run has no steps and no result. Last comes
/// `{"type":"summary","attempts","signal","estimated","taps","notes","needsReview","reviewReasons","solved","firstSuccess","finalProgram","cards","optimal","frames","unreadableFrames","unreadable"}`
/// where `signal` is the rule that made the attempts, `estimated` is true when nothing in the recording said
/// "run" (settled programs), `needsReview` is true when the grade needs the teacher's look and `reviewReasons`
/// says why (`[{"code","text","fix"}]`, ``ReviewReason``), `taps` lists every GO-card tap as `{"frame","seconds","end","press"}` (`press` false
/// for the second tap of a double tap), `notes` are sentences about the run signal, `firstSuccess` is
/// `{"attempt","frame","seconds"}` or null, `frames` and `unreadableFrames` are counts, and `unreadable` lists
/// `{"frame","reason"}`.
public enum SessionJSONLines {
    /// Every line, without newlines; with `quiet`, only the summary.
    public static func lines(for run: SessionRun, quiet: Bool = false) -> [String] {
        var lines: [String] = []
        if !quiet {
            for attempt in run.attempts {
                lines.append(programLine(attempt))
                if let trace = attempt.trace {
                    lines += TraceJSONLines.lines(for: trace, optimal: run.optimal, attempt: attempt.number)
                }
            }
        }
        lines.append(summaryLine(run))
        return lines
    }

    /// One attempt's program object.
    public static func programLine(_ attempt: SessionRun.Attempt) -> String {
        let error: String
        if case .notRunnable(let reason) = attempt.outcome { error = JSONText.quote(reason.english) } else { error = "null" }
        return "{\"type\":\"program\",\"attempt\":\(attempt.number),\"signal\":\"\(attempt.signal.rawValue)\",\"frame\":\(JSONText.quote(attempt.frameName)),"
            + "\"seconds\":\(JSONText.number(attempt.seconds, places: 3)),\"cards\":\(strings(attempt.cardNames)),"
            + "\"markers\":[\(attempt.markers.map(String.init).joined(separator: ","))],"
            + "\"runnable\":\(attempt.trace != nil),\"error\":\(error),\"corrected\":\(correctedObject(attempt.correction)),"
            + "\"evidence\":[\(zip(attempt.evidence, attempt.cardNames).map(evidenceObject).joined(separator: ","))]}"
    }

    /// A teacher's correction: `{"by","at","read","added"}` (`read`: what CardBot had read, as card names; `added`:
    /// true for an attempt the teacher added, whose `read` is the cards on the table then), or `null`.
    static func correctedObject(_ correction: AttemptCorrection?) -> String {
        guard let correction else { return "null" }
        return "{\"by\":\(correction.by.map(JSONText.quote) ?? "null"),\"at\":\(correction.at.map(JSONText.quote) ?? "null"),"
            + "\"read\":\(strings(correction.readNames)),\"added\":\(correction.added)}"
    }

    /// One card's reading: `{"marker","card","confidence","correctedCells","unsure","corners"}`, or `null`.
    static func evidenceObject(_ reading: Detection?, card: String) -> String {
        guard let reading else { return "null" }
        let corners = reading.corners.map { "[\(JSONText.number($0.x, places: 1)),\(JSONText.number($0.y, places: 1))]" }
        return "{\"marker\":\(reading.marker),\"card\":\(JSONText.quote(card)),"
            + "\"confidence\":\(JSONText.number(reading.confidence, places: 3)),\"correctedCells\":\(reading.correctedCells),"
            + "\"unsure\":\(reading.isUnsure),\"corners\":[\(corners.joined(separator: ","))]}"
    }

    /// The summary object.
    public static func summaryLine(_ run: SessionRun) -> String {
        let first = run.firstSuccess.map {
            "{\"attempt\":\($0.number),\"frame\":\(JSONText.quote($0.frameName)),\"seconds\":\(JSONText.number($0.seconds, places: 3))}"
        } ?? "null"
        let unreadable = run.unreadable.map {
            "{\"frame\":\(JSONText.quote($0.name)),\"reason\":\(JSONText.quote($0.reason))}"
        }
        let taps = run.taps.map { SessionGrade.Tap($0).jsonObject }
        return "{\"type\":\"summary\",\"attempts\":\(run.attempts.count),\"signal\":\"\(run.signal.rawValue)\","
            + "\"estimated\":\(run.attemptsEstimated),\"taps\":[\(taps.joined(separator: ","))],"
            + "\"notes\":\(strings(run.notes)),\"needsReview\":\(run.needsReview),"
            + "\"reviewReasons\":\(reasonsArray(run.review)),\"solved\":\(run.solved),"
            + "\"firstSuccess\":\(first),\"finalProgram\":\(strings(run.finalProgram)),"
            + "\"cards\":\(run.finalProgram.count),\"optimal\":\(run.optimal.map(String.init) ?? "null"),"
            + "\"frames\":\(run.frameCount),\"unreadableFrames\":\(run.unreadable.count),"
            + "\"unreadable\":[\(unreadable.joined(separator: ","))]}"
    }

    /// The reasons a grade needs the teacher's look: `[{"code","text","fix"}]`, texts in the reader's language.
    public static func reasonsArray(_ reasons: [ReviewReason]) -> String {
        "[" + reasons.map { reason in
            "{\"code\":\"\(reason.code.rawValue)\",\"text\":\(JSONText.quote(reason.text)),\"fix\":\(JSONText.quote(reason.fix))}"
        }.joined(separator: ",") + "]"
    }

    static func strings(_ values: [String]) -> String {
        "[" + values.map(JSONText.quote).joined(separator: ",") + "]"
    }
}
