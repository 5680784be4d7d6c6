import CardBotSupport

/// The full human report of a run, as `cardbot run` prints it: level, program, steps (with maps), result.
public struct RunReport: Sendable {
    /// Draw the map after every step.
    public var showMap: Bool
    /// Colour the maps.
    public var color: Bool

    public init(showMap: Bool, color: Bool) {
        self.showMap = showMap
        self.color = color
    }

    /// Every line of the report.
    /// - Parameter levelHeader: Start with the level's number and name (off when several runs share one header).
    public func lines(for trace: Trace, level: Level, optimal: Int?, levelHeader: Bool = true) -> [String] {
        let level = level.localized(Messages.preferences)
        var lines = levelHeader ? [Messages.text("Level %1$s: %2$s", level.number, level.name)] : []
        lines += TraceFormatter.programLines(trace.program)
        let renderer = MapRenderer(color: color)
        lines.append("")
        if showMap {
            lines.append(
                Messages.text(
                    "Start on %1$s, facing %2$s:", PlaceWords.tile(level.map.start, map: level.map, landmarks: false),
                    TraceFormatter.facingName(level.map.startFacing)))
            lines += renderer.startRows(level.map).map { "  " + $0 }
            lines.append("")
        }
        let calls = TraceFormatter.callLines(trace)
        for step in trace.steps {
            lines += calls[step.number - 1] ?? []
            lines.append(TraceFormatter.stepLine(step, in: trace, level: level))
            if showMap {
                lines += renderer.rows(level.map, robot: step.state, fell: step.event == .fell).map { "  " + $0 }
                lines.append("")
            }
        }
        lines += calls[trace.steps.count] ?? []
        if (!trace.steps.isEmpty || !trace.calls.isEmpty) && !showMap { lines.append("") }
        lines.append(TraceFormatter.resultSentence(trace, level: level))
        if let extra = TraceFormatter.cardSentence(trace, optimal: optimal) { lines.append(extra) }
        if !trace.success, let hint = level.hint { lines.append(Messages.text("Hint: %s", hint)) }
        return lines
    }
}
