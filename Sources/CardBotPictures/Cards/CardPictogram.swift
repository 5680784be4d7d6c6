import CardBotVision
import CardBotImaging
import CardBotPrint

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A simple picture of what a card does, printed beside its title: an arrow for forward, curved arrows for the
/// turns, a hop for jump, a looping arrow with the count for the repeats (a flag for repeat-until-goal), a
/// question mark with the direction for the ifs, a fork for else, a closing bracket for end, an opening bracket
/// round the function's letter for the define cards, an arrow into the letter for the call cards and a "play"
/// triangle for the GO card.
///
/// Pictograms are known for the card language's names; a card with another name has none.
public enum CardPictogram {
    /// Whether `name` has a pictogram.
    public static func exists(for name: String) -> Bool {
        shape(for: name) != nil
    }

    /// The colour that marks a card's family: steps blue, repeats orange, ifs and else purple, end brown,
    /// functions green;
    /// nil for names outside the card language.
    public static func familyColor(for name: String) -> RGB? {
        switch shape(for: name) {
        case .forward, .turn, .jump: return RGB(48, 120, 190)
        case .loop: return RGB(226, 128, 24)
        case .question, .fork: return RGB(140, 82, 180)
        case .bracket: return RGB(130, 96, 64)
        case .define, .call: return RGB(46, 140, 70)
        case .play: return RGB(200, 40, 40)
        case nil: return nil
        }
    }

    private enum Shape {
        case forward
        case turn(left: Bool)
        case jump
        case loop(count: Int?)
        case question(direction: Int)
        case fork
        case bracket
        case define(letter: String)
        case call(letter: String)
        case play
    }

    private static func shape(for name: String) -> Shape? {
        switch name {
        case "forward": return .forward
        case "left": return .turn(left: true)
        case "right": return .turn(left: false)
        case "jump": return .jump
        case "repeat-until-goal": return .loop(count: nil)
        case "if-path-ahead": return .question(direction: 0)
        case "if-path-left": return .question(direction: -1)
        case "if-path-right": return .question(direction: 1)
        case "else": return .fork
        case "end": return .bracket
        case "define-a": return .define(letter: "A")
        case "define-b": return .define(letter: "B")
        case "call-a": return .call(letter: "A")
        case "call-b": return .call(letter: "B")
        case "go": return .play
        default:
            if name.hasPrefix("repeat-"), let count = Int(name.dropFirst(7)), (2...99).contains(count) {
                return .loop(count: count)
            }
            return nil
        }
    }

    /// Draws the pictogram of `name` in the square from (`x`, `y`), `size` mm wide. Returns false when the name
    /// has no pictogram.
    @discardableResult
    public static func draw(_ name: String, on canvas: Canvas, x: Double, y: Double, size: Double, color: RGB) -> Bool {
        guard let shape = shape(for: name) else { return false }
        // Box coordinates 0...1 (y down) to millimetres.
        func p(_ u: Double, _ v: Double) -> (Double, Double) { (x + u * size, y + v * size) }
        let line = 0.12 * size
        let head = 0.34 * size
        switch shape {
        case .forward:
            canvas.stroke([p(0.5, 0.92), p(0.5, 0.3)], width: line, color: color)
            canvas.arrowhead(p(0.5, 0.06).0, p(0.5, 0.06).1, angle: -Double.pi / 2, size: head, color: color)
        case .turn(let left):
            func m(_ u: Double, _ v: Double) -> (Double, Double) { left ? p(u, v) : p(1 - u, v) }
            var points = [m(0.66, 0.94), m(0.66, 0.56)]
            points += Canvas.arc(0.36, 0.56, 0.3, from: 0, to: -Double.pi / 2).map { m($0.0, $0.1) }
            points.append(m(0.28, 0.26))
            canvas.stroke(points, width: line, color: color)
            let tip = m(0.04, 0.26)
            canvas.arrowhead(tip.0, tip.1, angle: left ? Double.pi : 0, size: head, color: color)
        case .jump:
            let k = 3.68
            let points = stride(from: 0.08, through: 0.76, by: 0.02).map { u in p(u, 0.85 - k * (u - 0.08) * (0.92 - u)) }
            canvas.stroke(points, width: line, color: color)
            let end = 0.86
            let tip = p(end, 0.85 - k * (end - 0.08) * (0.92 - end))
            let slope = -k * (1.0 - 2 * end)
            canvas.arrowhead(tip.0, tip.1, angle: atan2(slope, 1), size: head * 0.9, color: color)
            canvas.fillRectangle(p(0.02, 0.9).0, p(0.02, 0.9).1, p(0.98, 0.98).0, p(0.98, 0.98).1, color: color)
        case .loop(let count):
            let start = -Double.pi / 2 + 0.55
            let end = start + 2 * Double.pi - 1.0
            let arc = Canvas.arc(0.5, 0.5, 0.38, from: start, to: end).map { p($0.0, $0.1) }
            canvas.stroke(Array(arc.dropLast(3)), width: line * 0.85, color: color)
            let tip = arc.last!
            canvas.arrowhead(tip.0, tip.1, angle: end + Double.pi / 2, size: head * 0.85, color: color)
            if let count {
                let style = TextStyle(size: 0.36 * size, bold: true, color: color, alignment: .center)
                let extent = canvas.measure(String(count), style: style)
                canvas.text(String(count), x: x, y: y + (size - extent.height) / 2, style: style, width: size)
            } else {
                // A flag: the goal.
                canvas.stroke([p(0.42, 0.72), p(0.42, 0.3)], width: line * 0.6, color: color)
                canvas.fill([p(0.42, 0.28), p(0.66, 0.37), p(0.42, 0.46)], color: color)
            }
        case .question(let direction):
            canvas.text("?", x: x, y: y + 0.02 * size, style: TextStyle(size: 0.8 * size, bold: true, color: color))
            switch direction {
            case 0:
                canvas.stroke([p(0.78, 0.9), p(0.78, 0.42)], width: line, color: color)
                canvas.arrowhead(p(0.78, 0.12).0, p(0.78, 0.12).1, angle: -Double.pi / 2, size: head * 0.9, color: color)
            default:
                let left = direction < 0
                let from = left ? 0.96 : 0.56
                let to = left ? 0.74 : 0.78
                canvas.stroke([p(from, 0.55), p(to, 0.55)], width: line, color: color)
                let tip = left ? p(0.5, 0.55) : p(1.02, 0.55)
                canvas.arrowhead(tip.0, tip.1, angle: left ? Double.pi : 0, size: head * 0.9, color: color)
            }
        case .play:
            // A "play" triangle in a ring: tap to run.
            let ring = Canvas.arc(0.5, 0.5, 0.44, from: 0, to: 2 * Double.pi).map { p($0.0, $0.1) }
            canvas.stroke(ring, width: line * 0.7, color: color)
            canvas.fill([p(0.38, 0.26), p(0.76, 0.5), p(0.38, 0.74)], color: color)
        case .fork:
            canvas.stroke([p(0.5, 0.96), p(0.5, 0.6)], width: line, color: color)
            canvas.stroke([p(0.5, 0.6), p(0.28, 0.34)], width: line, color: color)
            canvas.stroke([p(0.5, 0.6), p(0.72, 0.34)], width: line, color: color)
            let angleLeft = atan2(-0.26, -0.22)
            let angleRight = atan2(-0.26, 0.22)
            canvas.arrowhead(p(0.12, 0.15).0, p(0.12, 0.15).1, angle: angleLeft, size: head * 0.9, color: color)
            canvas.arrowhead(p(0.88, 0.15).0, p(0.88, 0.15).1, angle: angleRight, size: head * 0.9, color: color)
        case .bracket:
            canvas.stroke([p(0.3, 0.12), p(0.68, 0.12), p(0.68, 0.88), p(0.3, 0.88)], width: line * 1.2, color: color)
        case .define(let letter):
            canvas.stroke([p(0.42, 0.1), p(0.12, 0.1), p(0.12, 0.9), p(0.42, 0.9)], width: line * 1.2, color: color)
            drawLetter(letter, on: canvas, centreX: x + 0.6 * size, centreY: y + 0.5 * size, size: size, color: color)
        case .call(let letter):
            canvas.stroke([p(0.02, 0.5), p(0.22, 0.5)], width: line, color: color)
            canvas.arrowhead(p(0.4, 0.5).0, p(0.4, 0.5).1, angle: 0, size: head * 0.8, color: color)
            drawLetter(letter, on: canvas, centreX: x + 0.7 * size, centreY: y + 0.5 * size, size: size, color: color)
        }
        return true
    }

    /// A function's letter, large, centred on (`centreX`, `centreY`).
    private static func drawLetter(_ letter: String, on canvas: Canvas, centreX: Double, centreY: Double, size: Double, color: RGB) {
        let style = TextStyle(size: 0.56 * size, bold: true, color: color, alignment: .center)
        let extent = canvas.measure(letter, style: style)
        canvas.text(letter, x: centreX - size / 2, y: centreY - extent.height / 2, style: style, width: size)
    }
}
