/// The JSON Lines form of a run: one `step` object per step, then one `result` object.
///
/// `{"type":"step","step","card","index","x","y","facing","event","gem","depth"}` where `index` is the card's 1-based
/// position, `gem` is true when the step took a gem and `depth` counts the function calls running (0 in the main
/// program); then
/// `{"type":"result","success","reason","steps","x","y","facing","gems","gemsTotal","cards","optimal"}` where
/// `optimal` is the fewest cards that solve the level (null when unknown).
public enum TraceJSONLines {
    /// Every line, without newlines.
    /// - Parameter attempt: When the run is one attempt of a recorded session, its number, added to every object.
    public static func lines(for trace: Trace, optimal: Int?, attempt: Int? = nil) -> [String] {
        var lines = trace.steps.map { stepLine($0, attempt: attempt) }
        lines.append(resultLine(trace, optimal: optimal, attempt: attempt))
        return lines
    }

    /// One step object.
    public static func stepLine(_ step: TraceStep, attempt: Int? = nil) -> String {
        "{\"type\":\"step\",\(attemptField(attempt))\"step\":\(step.number),\"card\":\"\(step.card.name)\",\"index\":\(step.cardPosition),"
            + "\"x\":\(step.state.position.x),\"y\":\(step.state.position.y),\"facing\":\"\(step.state.facing)\","
            + "\"event\":\"\(step.event.rawValue)\",\"gem\":\(step.tookGem),\"depth\":\(step.depth)}"
    }

    /// The result object.
    public static func resultLine(_ trace: Trace, optimal: Int?, attempt: Int? = nil) -> String {
        let r = trace.result
        return "{\"type\":\"result\",\(attemptField(attempt))\"success\":\(r.success),\"reason\":\"\(r.reason.rawValue)\",\"steps\":\(r.steps),"
            + "\"x\":\(r.state.position.x),\"y\":\(r.state.position.y),\"facing\":\"\(r.state.facing)\","
            + "\"gems\":\(r.state.gemsTaken),\"gemsTotal\":\(trace.gemsTotal),\"cards\":\(trace.program.count),"
            + "\"optimal\":\(optimal.map(String.init) ?? "null")}"
    }

    private static func attemptField(_ attempt: Int?) -> String {
        attempt.map { "\"attempt\":\($0)," } ?? ""
    }
}
