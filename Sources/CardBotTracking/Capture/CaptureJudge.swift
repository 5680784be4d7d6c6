import CardBotSupport
import CardBotVision
import Foundation

/// Judges a recording's frames, as measured (``FrameCapture``), aspect by aspect against ``CaptureThresholds``.
///
/// Each aspect is judged on the typical frame: the median over the frames (those with cards, for the aspects
/// measured on cards) of the frame's worst card (the smallest, the most glared, the nearest the edge) or its
/// typical card (blur, tilt). A camera that shakes now and then is judged by its usual frame, not its worst.
public enum CaptureJudge {
    /// The findings for `frames`, one per aspect; those measured on cards are left out when no card is seen.
    /// - Parameter interval: The typical time between two frames (seconds), when the frames have times: judged
    ///   against the shortest tap (``pace(_:goSeen:)``).
    public static func findings(_ frames: [FrameCapture], interval: Double? = nil) -> [CaptureFinding] {
        let withCards = frames.filter { !$0.cards.isEmpty }
        var found = [cards(seen: withCards.count, of: frames.count)]
        if !withCards.isEmpty {
            found.append(size(median(withCards.map { $0.cards.map(\.size).min()! })))
            if let smear = median(withCards.compactMap { median($0.cards.compactMap(\.smear)) }) { found.append(blur(smear)) }
        }
        found.append(dark(median(frames.map(\.brightLevel))))
        found.append(bright(median(frames.map(\.saturated))))
        found.append(noise(median(frames.map(\.noise)), bright: median(frames.map(\.brightLevel))))
        if !withCards.isEmpty {
            found.append(glare(median(withCards.map { $0.cards.map(\.glare).max()! })))
            found.append(view(gap: median(withCards.map { $0.cards.map(\.edgeGap).min()! }), span: median(withCards.map(\.cardSpan))))
            found.append(tilt(median(withCards.map { median($0.cards.map(\.tilt))! })))
        }
        found.append(go(seen: frames.contains(where: \.goSeen)))
        if let interval { found.append(pace(interval, goSeen: frames.contains(where: \.goSeen))) }
        return found
    }

    /// The median of `values` (the upper one of an even count), or nil for none.
    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        return values.sorted()[values.count / 2]
    }

    /// The median of values that are never empty here.
    static func median(_ values: [Double]) -> Double { median(values) ?? 0 }

    /// A severity from a measure that is bad when high (`higherIsWorse`) or low.
    static func severity(_ value: Double, problem: Double, warning: Double, higherIsWorse: Bool) -> CaptureSeverity {
        if higherIsWorse { return value > problem ? .problem : (value > warning ? .warning : .good) }
        return value < problem ? .problem : (value < warning ? .warning : .good)
    }

    /// `value` with `places` decimals, in the reader's way of writing numbers.
    static func number(_ value: Double, places: Int = 0) -> MessageText.Value {
        .decimal(String(format: "%.\(places)f", value))
    }

    /// A share as a percentage with one decimal under 10, none above.
    static func percent(_ share: Double) -> MessageText.Value { number(share * 100, places: share < 0.1 ? 1 : 0) }

    static func cards(seen: Int, of total: Int) -> CaptureFinding {
        let measured = Messages.later("cards seen in %1$s of %2$s frames", .plain("\(seen)"), .plain("\(total)"))
        if seen == 0 {
            return CaptureFinding(
                aspect: .cards, severity: .problem, value: 0, limit: CaptureThresholds.seenShare, measured: measured,
                advice: Messages.later("lay the program cards on the table in view of the camera, then check again: no card was seen"))
        }
        let share = Double(seen) / Double(max(total, 1))
        let low = share < CaptureThresholds.seenShare
        return CaptureFinding(
            aspect: .cards, severity: low ? .warning : .good, value: share, limit: CaptureThresholds.seenShare,
            measured: measured,
            advice: low
                ? Messages.later("keep the cards in view and the camera still: cards were seen in only %1$s of %2$s frames", .plain("\(seen)"), .plain("\(total)"))
                : nil)
    }

    static func size(_ size: Double) -> CaptureFinding {
        let limit = CaptureThresholds.smallestSize
        let severity = severity(size, problem: limit, warning: CaptureThresholds.comfortableSize, higherIsWorse: false)
        return CaptureFinding(
            aspect: .size, severity: severity, value: size, limit: limit,
            measured: Messages.later("smallest cards %1$s px (at least %2$s px read reliably)", number(size), number(limit)),
            advice: severity == .good
                ? nil
                : severity == .problem
                    ? Messages.later("bring the camera closer to the cards or zoom in: cards are %1$s px, at least %2$s px read reliably", number(size), number(limit))
                    : Messages.later("bring the camera a little closer for a margin: cards are %1$s px, %2$s px or more read with room to spare", number(size), number(CaptureThresholds.comfortableSize)))
    }

    static func blur(_ smear: Double) -> CaptureFinding {
        let limit = CaptureThresholds.largestSmear
        let severity = severity(smear, problem: limit, warning: CaptureThresholds.comfortableSmear, higherIsWorse: true)
        return CaptureFinding(
            aspect: .blur, severity: severity, value: smear, limit: limit,
            measured: Messages.later("smeared over %1$s marker cells (up to %2$s read reliably)", number(smear, places: 1), number(limit, places: 1)),
            advice: severity == .good
                ? nil
                : severity == .problem
                    ? Messages.later("hold the camera still (a stand or a stack of books) and focus on the cards: they are smeared over %1$s cells, up to %2$s read reliably", number(smear, places: 1), number(limit, places: 1))
                    : Messages.later("hold the camera steadier for a margin: the cards are smeared over %1$s cells, up to %2$s read with room to spare", number(smear, places: 1), number(CaptureThresholds.comfortableSmear, places: 1)))
    }

    static func dark(_ bright: Double) -> CaptureFinding {
        let limit = CaptureThresholds.darkestBright
        let severity = severity(bright, problem: limit, warning: CaptureThresholds.comfortableBright, higherIsWorse: false)
        return CaptureFinding(
            aspect: .dark, severity: severity, value: bright, limit: limit,
            measured: Messages.later("the brightest paper is at gray level %1$s of 255 (at least %2$s)", number(bright), number(limit)),
            advice: severity == .good
                ? nil
                : severity == .problem
                    ? Messages.later("turn on more light: the paper is at gray level %1$s, at least %2$s read reliably", number(bright), number(limit))
                    : Messages.later("more light would give a margin: the paper is at gray level %1$s, %2$s or more reads with room to spare", number(bright), number(CaptureThresholds.comfortableBright)))
    }

    static func bright(_ saturated: Double) -> CaptureFinding {
        let limit = CaptureThresholds.comfortableSaturated
        let severity: CaptureSeverity = saturated > limit ? .warning : .good
        return CaptureFinding(
            aspect: .bright, severity: severity, value: saturated, limit: limit,
            measured: Messages.later("%1$s percent of the frame is pure white (up to %2$s percent)", percent(saturated), percent(limit)),
            advice: severity == .good
                ? nil
                : Messages.later("dim the light or lower the camera's exposure: %1$s percent of the frame is pure white", percent(saturated)))
    }

    /// Noise judged against the light: `sigma` over the frame's bright level (dark frames are noisy frames).
    static func noise(_ sigma: Double, bright: Double) -> CaptureFinding {
        let ratio = sigma / max(bright, 1)
        let limit = CaptureThresholds.largestNoise
        let severity = severity(ratio, problem: limit, warning: CaptureThresholds.comfortableNoise, higherIsWorse: true)
        return CaptureFinding(
            aspect: .noise, severity: severity, value: ratio, limit: limit,
            measured: Messages.later("noise of %1$s gray levels, %2$s percent of the paper's brightness (up to %3$s percent)", number(sigma, places: 1), percent(ratio), percent(limit)),
            advice: severity == .good
                ? nil
                : severity == .problem
                    ? Messages.later("add light, so that the camera needs less gain: the noise is %1$s percent of the paper's brightness, up to %2$s percent read reliably", percent(ratio), percent(limit))
                    : Messages.later("more light would give a margin: the noise is %1$s percent of the paper's brightness, up to %2$s percent reads with room to spare", percent(ratio), percent(CaptureThresholds.comfortableNoise)))
    }

    static func glare(_ share: Double) -> CaptureFinding {
        let limit = CaptureThresholds.largestGlare
        let severity = severity(share, problem: limit, warning: CaptureThresholds.comfortableGlare, higherIsWorse: true)
        return CaptureFinding(
            aspect: .glare, severity: severity, value: share, limit: limit,
            measured: Messages.later("glare covers %1$s percent of the worst card (up to %2$s percent)", percent(share), percent(limit)),
            advice: severity == .good
                ? nil
                : Messages.later("move the lamp or turn the camera so that no light shines off the cards: a glare spot covers %1$s percent of a card", percent(share)))
    }

    static func view(gap: Double, span: Double) -> CaptureFinding {
        let limit = CaptureThresholds.comfortableEdge
        let severity: CaptureSeverity = gap < limit ? .warning : .good
        return CaptureFinding(
            aspect: .view, severity: severity, value: gap, limit: limit,
            measured: Messages.later("the cards span %1$s percent of the view; the nearest is %2$s marker widths from the edge (at least %3$s)", percent(span), number(gap, places: 1), number(limit, places: 1)),
            advice: severity == .good
                ? nil
                : Messages.later("move the camera back or centre it over the cards: a card is %1$s marker widths from the edge, and cards beyond it are cut off", number(gap, places: 1)))
    }

    static func tilt(_ degrees: Double) -> CaptureFinding {
        let limit = CaptureThresholds.steepestTilt
        let severity = severity(degrees, problem: limit, warning: CaptureThresholds.comfortableTilt, higherIsWorse: true)
        return CaptureFinding(
            aspect: .tilt, severity: severity, value: degrees, limit: limit,
            measured: Messages.later("the camera looks %1$s degrees from straight down (up to %2$s)", number(degrees), number(limit)),
            advice: severity == .good
                ? nil
                : severity == .problem
                    ? Messages.later("look more from above: the camera is tilted %1$s degrees, up to %2$s read reliably", number(degrees), number(limit))
                    : Messages.later("look a little more from above for a margin: the camera is tilted %1$s degrees, up to %2$s reads with room to spare", number(degrees), number(CaptureThresholds.comfortableTilt)))
    }

    /// The frames' spacing in time against the shortest tap: a problem with a GO card in view (taps are the run
    /// signal), a warning without one.
    static func pace(_ interval: Double, goSeen: Bool) -> CaptureFinding {
        let limit = CaptureThresholds.longestFrameInterval
        let late = interval > limit
        return CaptureFinding(
            aspect: .pace, severity: late ? (goSeen ? .problem : .warning) : .good, value: interval, limit: limit,
            measured: Messages.later("frames %1$s s apart (up to %2$s s sees every tap on the GO card)", number(interval, places: 2), number(limit, places: 2)),
            advice: late
                ? Messages.later("record 4 or more photos a second, or a video: the frames are %s s apart, and a tap on the GO card can fall between two", number(interval, places: 2))
                : nil)
    }

    static func go(seen: Bool) -> CaptureFinding {
        CaptureFinding(
            aspect: .go, severity: seen ? .good : .warning, value: seen ? 1 : 0, limit: nil,
            measured: seen ? Messages.later("a GO card is seen") : Messages.later("no GO card is seen"),
            advice: seen ? nil : Messages.later("lay the GO card beside the program row, in view, so that the children can tap it to run their program"))
    }
}
