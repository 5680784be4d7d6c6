// swift-tools-version:6.1
import PackageDescription

// Frames flow one way: CardBotImaging -> CardBotPrint -> CardBotVision -> CardBotLesson -> CardBotClassroom -> cardbot.
// No lower layer imports a higher one; the executable only parses arguments and prints.
let package = Package(
    name: "CardBot",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "cardbot", targets: ["cardbot"]),
        .library(name: "CardBotImaging", targets: ["CardBotImaging"]),
        .library(name: "CardBotVision", targets: ["CardBotVision"]),
        .library(name: "CardBotLesson", targets: ["CardBotLesson"]),
        .library(name: "CardBotClassroom", targets: ["CardBotClassroom"]),
    ],
    dependencies: [
        // The CLI layout, help, validation and exit codes: the standard Swift argument parser.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The HTML class report is rendered from a logic-less template that HTML-escapes every value
        // (student names, card names, paths come from files), rather than by string concatenation.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    ],
    targets: [
        // libjpeg (libjpeg-turbo on Debian) as a system library, found through pkg-config.
        .systemLibrary(
            name: "CJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]
        ),
        // libpng as a system library; its simplified API is called from Swift directly.
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        // cairo (PDF, SVG and in-memory pictures) with Pango (text: HarfBuzz shaping, fontconfig fonts, right-to-left
        // and CJK line breaking) as system libraries: every printed page, picture and label is drawn through them.
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev"]), .brew(["cairo", "pango"])]
        ),
        // The only C in the project: libjpeg reports errors by longjmp, so the whole
        // decode and encode run under setjmp here and never longjmp across Swift frames.
        .target(
            name: "CCardBotJPEG",
            dependencies: ["CJPEG"]
        ),
        // Small helpers every layer shares: JSON text with a fixed key order, the positioned JSON parser, reading
        // regular files and listing folders with byte file names, text made safe for a terminal.
        .target(name: "CardBotSupport"),
        .target(
            name: "CardBotImaging",
            dependencies: ["CCardBotJPEG", "CPNG", "CardBotSupport"]
        ),
        // The one renderer for printed matter and pictures: a cairo canvas with Pango text.
        .target(
            name: "CardBotPrint",
            dependencies: ["CCairo", "CardBotImaging"]
        ),
        .target(
            name: "CardBotVision",
            dependencies: ["CardBotImaging", "CardBotPrint", "CardBotSupport"]
        ),
        // Renders camera-like frames of cards with ground truth: test and demo support,
        // kept out of the detection path.
        .target(
            name: "CardBotSynth",
            dependencies: ["CardBotImaging", "CardBotPrint"]
        ),
        // Levels, the card language, the robot, the solver and the validator: pure logic, no pixels.
        // It takes the deck's names as plain data, so it needs no vision.
        .target(
            name: "CardBotLesson",
            dependencies: ["CardBotSupport"]
        ),
        .target(
            name: "CardBotClassroom",
            dependencies: [
                "CardBotLesson", "CardBotVision", "CardBotImaging", "CardBotPrint", "CardBotSupport",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        .executableTarget(
            name: "cardbot",
            dependencies: [
                "CardBotClassroom", "CardBotLesson", "CardBotVision", "CardBotImaging", "CardBotPrint", "CardBotSynth",
                "CardBotSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "CardBotImagingTests", dependencies: ["CardBotImaging"], exclude: ["Fixtures"]),
        // Resources/ holds the test deck and real photos, read through #filePath (not bundled).
        .testTarget(
            name: "CardBotVisionTests", dependencies: ["CardBotVision", "CardBotSynth", "CardBotImaging", "CardBotPrint"],
            exclude: ["Resources"]),
        .testTarget(name: "CardBotSupportTests", dependencies: ["CardBotSupport"]),
        .testTarget(name: "CardBotLessonTests", dependencies: ["CardBotLesson", "CardBotSupport"]),
        .testTarget(name: "CardBotClassroomTests", dependencies: ["CardBotClassroom", "CardBotSynth", "CardBotTestSupport"]),
        // Golden/ holds the pictures printed pages are compared with.
        .testTarget(name: "CardBotCLITests", dependencies: ["CardBotImaging", "CardBotTestSupport"], exclude: ["Golden"]),
        // Helpers shared by the test targets (running the built cardbot, reading CSV back).
        .target(name: "CardBotTestSupport", path: "Tests/CardBotTestSupport"),
    ]
)
