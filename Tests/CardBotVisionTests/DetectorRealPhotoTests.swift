import CardBotImaging
import CardBotVision
import Testing

@Suite("Detector: real webcam photos")
struct DetectorRealPhotoTests {
    @Test(
        "exactly the gold markers are found, and nothing in the chessboard clutter",
        arguments: [
            ("choriginal.jpg", Array(0...16)),
            ("chocclusion_original.jpg", [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15]),
        ])
    func goldIds(file: String, gold: [Int]) throws {
        let deck = try Deck.load(DeckTestSupport.sixBySixDeckPath)
        var reader = ImageReader()
        let image = try reader.readGray(DeckTestSupport.realPhotos + "/" + file)
        let detections = MarkerDetector(deck: deck).detect(image)
        #expect(detections.map(\.marker).sorted() == gold)
        for detection in detections {
            // Corners lie inside the frame, the marker is a real square-ish quad, and the read is confident.
            #expect(detection.corners.allSatisfy { $0.x >= 0 && $0.y >= 0 && $0.x < 640 && $0.y < 480 })
            #expect(detection.quad.meanSide > 15)
            #expect(detection.confidence > 0.5)
        }
    }

    @Test("the boards' markers read in rows, top row first")
    func boardOrder() throws {
        let deck = try Deck.load(DeckTestSupport.sixBySixDeckPath)
        var reader = ImageReader()
        let image = try reader.readGray(DeckTestSupport.realPhotos + "/choriginal.jpg")
        let rows = ReadingOrder.rows(MarkerDetector(deck: deck).detect(image))
        // The ChArUco board alternates rows of two and three markers: 0 1 / 2 3 4 / 5 6 / ... / 15 16.
        #expect(rows.map { $0.map(\.marker) } == [[0, 1], [2, 3, 4], [5, 6], [7, 8, 9], [10, 11], [12, 13, 14], [15, 16]])
    }
}
