// The AR replay's cost, beside its references, in one run (release build):
//  1. the overlay drawn on one 1280x720 camera frame (map, walls, path, robot, the lit card, the caption),
//     against copying the frame and against decoding it from JPEG;
//  2. a one-minute replay at 10 frames a second (600 frames) rendered and encoded to H.264 MP4, against
//     encoding the same 600 bare frames.
// Usage: swift run -c release --package-path Benchmarks ar-bench FRAME.jpg [LEVEL.json] [--card-size MM] [--overlay-only]
import CardBotAR
import CardBotImaging
import CardBotLesson
import CardBotTracking
import CardBotVision
import Foundation

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    print("usage: ar-bench FRAME.jpg [LEVEL.json] [--card-size MM]")
    exit(64)
}
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
let framePath = arguments[1]
let levelPath = arguments.count > 2 && !arguments[2].hasPrefix("--") ? arguments[2]
    : root.appendingPathComponent("Levels/03-left-and-right.json").path
var cardWidth = 60.0
if let index = arguments.firstIndex(of: "--card-size"), index + 1 < arguments.count { cardWidth = Double(arguments[index + 1]) ?? 60 }

let deck = try Deck.load(root.appendingPathComponent("Cards/deck.json").path)
let level = try LevelLoader.load(levelPath)
let bytes = try FileBytes.read(framePath)
let frame = try ImageReader.decodeRGB(bytes)
let reading = FrameAnalyzer(deck: deck).analyze(frame.luminance)
let options = ReplayOptions(cards: CardGeometry(width: cardWidth))
let plane = TablePlaneFitter(geometry: options.cards).fit(reading.cards)
let view = ReplayView.prepare(plane: plane, programMatches: false, map: level.map, width: frame.width, height: frame.height,
                              options: options)
if let reason = view.fallbackReason { print("note: \(reason) (the flat map is measured)") }
// A program that walks the level's map: the solver's, else forward steps.
let program = try Solver.solve(level).program ?? CardProgram([Card](repeating: .forward, count: 6))
let trace = Robot.run(program, on: level)
let animation = RobotAnimation(map: level.map, trace: trace)
let attempt = SessionRun.Attempt(typed: trace)
let composer = ReplayComposer(level: level, options: options)
print("frame \(framePath): \(frame.width)x\(frame.height), \(reading.cards.count) cards, level \(level.number) (\(level.map.width)x\(level.map.height)), \(trace.steps.count) steps, one core")

// 1. Per frame: the overlay vs copying and decoding the frame. Interleaved rounds, medians.
var overlay: [Double] = [], copy: [Double] = [], decode: [Double] = []
var sink = 0
for round in 0..<300 {
    let time = Double(round % 40) / 40 * Double(max(1, trace.steps.count))
    overlay.append(milliseconds {
        let image = composer.frame(attempt: attempt, animation: animation, time: time, background: frame, view: view)
        sink &+= Int(image.pixels[image.pixels.count / 2])
    })
    copy.append(milliseconds {
        var image = frame
        image.pixels[0] = UInt8(round & 255)
        sink &+= Int(image.pixels[1])
    })
    decode.append(milliseconds { sink &+= Int((try? ImageReader.decodeRGB(bytes))?.pixels[7] ?? 0) })
}
let overlayMS = median(overlay), copyMS = median(copy), decodeMS = median(decode)
print(String(format: "overlay frame (copy + overlay + caption): median %.2f ms", overlayMS))
print(String(format: "  reference: copy the frame %.2f ms; decode it from JPEG %.2f ms", copyMS, decodeMS))
print(String(format: "  overlay alone (minus the copy): %.2f ms, %.2fx the JPEG decode", overlayMS - copyMS, (overlayMS - copyMS) / decodeMS))

if arguments.contains("--overlay-only") { exit(0) }

// 2. A one-minute replay: 600 frames rendered and encoded (libx264 uses both cores), vs the bare frames encoded.
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ar-bench-\(getpid())").path
try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: directory) }
let frames = 600
let replayMS = try milliseconds {
    let video = VideoFrameSink(path: directory + "/replay.mp4", fps: 10)
    for index in 0..<frames {
        let time = Double(index % 100) / 100 * Double(max(1, trace.steps.count))
        try video.append(composer.frame(attempt: attempt, animation: animation, time: time, background: frame, view: view))
    }
    try video.finish()
}
let bareMS = try milliseconds {
    let video = VideoFrameSink(path: directory + "/bare.mp4", fps: 10)
    for index in 0..<frames {
        var image = frame
        image.pixels[index % image.pixels.count] = UInt8(index & 255)
        try video.append(image)
    }
    try video.finish()
}
print(String(format: "one-minute replay, %d frames at 10 fps, rendered and encoded to MP4: %.1f s", frames, replayMS / 1000))
print(String(format: "  reference: the %d bare frames encoded: %.1f s (replay/reference %.2fx)", frames, bareMS / 1000, replayMS / bareMS))
if sink == 42 { print("") }
