/// Four values held inline, indexed 0 to 3: a candidate quad's corners, sides or lines.
///
/// The quad fits run for every shape of a frame (some 500 hull fits on a printed cloth's frame), and an array of four
/// is a heap allocation and a release each time. A quartet lives on the stack; its subscript is a switch that the
/// compiler folds away where the index is a constant, as in unrolled loops over the four sides.
struct Quartet<Element> {
    var first: Element
    var second: Element
    var third: Element
    var fourth: Element

    /// The four values in order.
    init(_ first: Element, _ second: Element, _ third: Element, _ fourth: Element) {
        self.first = first
        self.second = second
        self.third = third
        self.fourth = fourth
    }

    /// The values `make` gives for indices 0 to 3, made in that order.
    @inline(__always)
    static func build(_ make: (Int) -> Element) -> Quartet {
        Quartet(make(0), make(1), make(2), make(3))
    }

    /// Four copies of `value`.
    init(repeating value: Element) {
        self.init(value, value, value, value)
    }

    /// The value at `index`, which must be 0 to 3.
    @inline(__always)
    subscript(index: Int) -> Element {
        get {
            switch index {
            case 0: return first
            case 1: return second
            case 2: return third
            default:
                assert(index == 3, "a quartet's index is 0 to 3")
                return fourth
            }
        }
        set {
            switch index {
            case 0: first = newValue
            case 1: second = newValue
            case 2: third = newValue
            default:
                assert(index == 3, "a quartet's index is 0 to 3")
                fourth = newValue
            }
        }
    }

    /// The four values as an array, in order.
    var array: [Element] { [first, second, third, fourth] }
}
