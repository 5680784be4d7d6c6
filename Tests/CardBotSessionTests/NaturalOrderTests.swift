import CardBotSession
import Testing

@Suite("Natural filename order")
struct NaturalOrderTests {
    @Test("numbers compare as numbers, case is ignored")
    func order() {
        let names = ["frame10.jpg", "Frame2.JPG", "frame1.png", "frame002.jpg", "frame11.jpeg", "a.png", "frame2b.jpg"]
        let sorted = names.sorted(by: NaturalOrder.areInIncreasingOrder)
        #expect(sorted == ["a.png", "frame1.png", "Frame2.JPG", "frame002.jpg", "frame2b.jpg", "frame10.jpg", "frame11.jpeg"])
    }

    @Test("the order is strict: no name precedes itself")
    func strict() {
        for name in ["x1", "x01", "frame10.jpg", ""] {
            #expect(!NaturalOrder.areInIncreasingOrder(name, name))
        }
        #expect(NaturalOrder.areInIncreasingOrder("x1", "x01") != NaturalOrder.areInIncreasingOrder("x01", "x1"))
    }
}
