// swift-tools-version:6.1
import PackageDescription

// The module map (docs/internals.md, "Layout"): the dependencies below are its one list, and
// Tests/CardBotModuleMapTests checks that every module imports exactly what its target is given and that it goes one way:
//   codecs: CardBotImaging (PNG, JPEG), CardBotVideo (FFmpeg)     the canvas: CardBotPrint (cairo, Pango)
//   -> CardBotSession (what a recording is) -> CardBotVision (deck, detection; no drawing)
//   -> CardBotLesson (levels, robot, solver; no pixels) -> CardBotTracking (one session's engine: programs read over
//   time, attempts, the run, live, corrections, the capture check) -> CardBotClassroom (grading, reports; no renderer)
//   and CardBotAR (the replay on the table, drawn from a run)  -> CardBotGradebook (SQLite)
//   -> CardBotPictures (every picture and document)
//   -> CardBotCommandLine (option groups, help in the reader's language, the terminal) -> cardbot (thin commands).
// CardBotSupport is under everything and CardBotGeometry (points, the one homography) under the codecs; CardBotSynth
// (test and demo material: a deck's cards drawn, a level's sessions recorded) above Vision and Lesson.
// No lower layer imports a higher one.
let package = Package(
    name: "CardBot",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "cardbot", targets: ["cardbot"]),
        .library(name: "CardBotGeometry", targets: ["CardBotGeometry"]),
        .library(name: "CardBotImaging", targets: ["CardBotImaging"]),
        .library(name: "CardBotVision", targets: ["CardBotVision"]),
        .library(name: "CardBotLesson", targets: ["CardBotLesson"]),
        .library(name: "CardBotVideo", targets: ["CardBotVideo"]),
        .library(name: "CardBotSession", targets: ["CardBotSession"]),
        .library(name: "CardBotTracking", targets: ["CardBotTracking"]),
        .library(name: "CardBotAR", targets: ["CardBotAR"]),
        .library(name: "CardBotClassroom", targets: ["CardBotClassroom"]),
        .library(name: "CardBotGradebook", targets: ["CardBotGradebook"]),
        .library(name: "CardBotPictures", targets: ["CardBotPictures"]),
        // For the benchmarks' calibration runs (Benchmarks/): scenes made and rendered in process.
        .library(name: "CardBotSynth", targets: ["CardBotSynth"]),
    ],
    dependencies: [
        // The CLI layout, help, validation and exit codes: the standard Swift argument parser.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The HTML class report is rendered from a logic-less template that HTML-escapes every value
        // (student names, card names, paths come from files), rather than by string concatenation.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // The term's gradebook is an SQLite file (a teacher can open it with sqlite3): GRDB gives versioned
        // migrations, WAL connection pools and typed transactions over the system's libsqlite3.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
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
        // libjpeg reports errors by longjmp, so the whole decode and encode run under setjmp here and never
        // longjmp across Swift frames (one of the two C shims, with CCardBotVideo).
        .target(
            name: "CCardBotJPEG",
            dependencies: ["CJPEG"]
        ),
        // FFmpeg (libavformat, libavcodec, libswscale, libavutil) as system libraries, found through
        // pkg-config: video files and streams are demuxed and decoded by the library phones' and webcams'
        // formats are made for, rather than by hand-written codecs.
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavformat",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev"]), .brew(["ffmpeg"])]
        ),
        // FFmpeg's log callback takes a C va_list and its error codes are macros: only that is in C.
        .target(
            name: "CCardBotVideo",
            dependencies: ["CFFmpeg"]
        ),
        // Small helpers every layer shares: JSON text with a fixed key order, the positioned JSON parser, reading
        // regular files and listing folders with byte file names, text made safe for a terminal.
        .target(name: "CardBotSupport"),
        // Points and the one projective map (unit square to quad, table to image, their fit to point pairs) that
        // detection, the AR replay and the synthesizer share, rather than a private copy each.
        .target(name: "CardBotGeometry"),
        .target(
            name: "CardBotImaging",
            dependencies: ["CCardBotJPEG", "CPNG", "CardBotGeometry", "CardBotSupport"]
        ),
        // Video files and live streams as frame sources (decoded to the luma plane), and a video writer.
        .target(
            name: "CardBotVideo",
            dependencies: ["CardBotImaging", "CardBotSupport", "CFFmpeg", "CCardBotVideo"]
        ),
        // What a recording is: stills, a video or a live stream, with session.json, every frame's time in seconds
        // and the content that identifies it. Above the codecs, below detection's users (Classroom, AR, Synth).
        .target(
            name: "CardBotSession",
            dependencies: ["CardBotImaging", "CardBotVideo", "CardBotSupport"]
        ),
        // The one renderer for printed matter and pictures: a cairo canvas with Pango text.
        .target(
            name: "CardBotPrint",
            dependencies: ["CCairo", "CardBotImaging", "CardBotSupport"]
        ),
        // The deck and the marker detector: frames in, card readings (ids, corners, confidence) out. Links no
        // cairo: every picture of cards is CardBotPictures'.
        .target(
            name: "CardBotVision",
            dependencies: ["CardBotGeometry", "CardBotImaging", "CardBotSupport"]
        ),
        // Levels, the card language, the robot, the solver and the validator: pure logic, no pixels.
        // It takes the deck's names as plain data, so it needs no vision.
        .target(
            name: "CardBotLesson",
            dependencies: ["CardBotSupport"]
        ),
        // Renders camera-like frames of a deck's cards with ground truth, and recorded sessions of a level's programs
        // at a child's pace (written through CardBotSession): test and demo support, kept out of the detection path.
        .target(
            name: "CardBotSynth",
            dependencies: [
                "CardBotGeometry", "CardBotImaging", "CardBotVideo", "CardBotPrint", "CardBotSession", "CardBotVision",
                "CardBotLesson", "CardBotSupport",
            ]
        ),
        // The engine of one session: programs read over time (run marks, GO taps, settling), attempts run on the
        // robot, the run of a recording and of a live stream, a teacher's corrections applied, and the capture
        // check's measures of a reading. Every consumer (replay, pictures, grading, the gradebook) takes its
        // `SessionRun` rather than reading the frames again. No renderer, no FFmpeg: frames come through Session.
        .target(
            name: "CardBotTracking",
            dependencies: ["CardBotSession", "CardBotLesson", "CardBotVision", "CardBotGeometry", "CardBotImaging", "CardBotSupport"]
        ),
        // The AR replay: the table plane from the cards, the level and robot drawn on the camera's view, from a
        // run's attempts and the cards it read in every frame. Pictures and the CLI call it.
        .target(
            name: "CardBotAR",
            dependencies: [
                "CardBotTracking", "CardBotVision", "CardBotLesson", "CardBotGeometry", "CardBotImaging", "CardBotVideo",
                "CardBotPrint", "CardBotSupport",
            ]
        ),
        // Grading a class from its sessions' runs, the class reports, misconceptions and privacy. It links no
        // renderer and no FFmpeg: pictures come from a SessionPainting the caller passes (CardBotPictures').
        .target(
            name: "CardBotClassroom",
            dependencies: [
                "CardBotTracking", "CardBotSession", "CardBotLesson", "CardBotVision", "CardBotImaging", "CardBotSupport",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        // The term's gradebook (SQLite): every graded session remembered, regrading only what changed,
        // shards merged, and each student's progress through the unlock chain.
        .target(
            name: "CardBotGradebook",
            dependencies: [
                "CardBotClassroom", "CardBotTracking", "CardBotSession", "CardBotLesson", "CardBotImaging", "CardBotSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        // Every picture and document: card sheets, level worksheets and map pictures, annotated frames, the class
        // report's thumbnails and replays, on CardBotPrint's canvas.
        .target(
            name: "CardBotPictures",
            dependencies: [
                "CardBotAR", "CardBotClassroom", "CardBotTracking", "CardBotSession", "CardBotLesson", "CardBotVision",
                "CardBotGeometry", "CardBotImaging", "CardBotPrint", "CardBotSupport",
            ]
        ),
        // The command line's shared parts, as SwiftPM's CoreCommands are for its tools: the option groups and
        // argument values every subcommand declares, help and usage errors in the reader's language (ArgumentParser's
        // words rewritten through the catalog), and the terminal's output, warnings and progress bars.
        .target(
            name: "CardBotCommandLine",
            dependencies: [
                "CardBotPictures", "CardBotGradebook", "CardBotClassroom", "CardBotTracking", "CardBotSession", "CardBotAR",
                "CardBotVision", "CardBotImaging", "CardBotSynth", "CardBotSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The thin command: each subcommand maps its options to one library call; errors reach its root, which prints
        // them once. It links FFmpeg and cairo only through the modules that use them.
        .executableTarget(
            name: "cardbot",
            dependencies: [
                "CardBotPictures", "CardBotGradebook", "CardBotClassroom", "CardBotTracking", "CardBotSession", "CardBotLesson",
                "CardBotVision", "CardBotImaging", "CardBotSynth", "CardBotSupport", "CardBotCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "CardBotImagingTests", dependencies: ["CardBotImaging"], exclude: ["Fixtures"]),
        // The command line read in process (parseAsRoot): typed options and usage errors, no process launched.
        .testTarget(
            name: "CardBotCommandTests",
            dependencies: [
                "cardbot", "CardBotAR", "CardBotClassroom", "CardBotPictures",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(name: "CardBotCommandLineTests", dependencies: ["CardBotCommandLine"]),
        .testTarget(name: "CardBotGeometryTests", dependencies: ["CardBotGeometry"]),
        // Resources/ holds the test deck and real photos, read through #filePath (not bundled).
        .testTarget(
            name: "CardBotVisionTests",
            dependencies: [
                "CardBotVision", "CardBotSynth", "CardBotGeometry", "CardBotImaging", "CardBotPrint", "CardBotSupport",
                "CardBotTestSupport",
            ],
            exclude: ["Resources"]),
        .testTarget(
            name: "CardBotPicturesTests",
            dependencies: [
                "CardBotPictures", "CardBotVision", "CardBotLesson", "CardBotSynth", "CardBotGeometry", "CardBotImaging",
                "CardBotPrint", "CardBotSupport", "CardBotTestSupport", "CardBotAR", "CardBotClassroom", "CardBotTracking",
                "CardBotSession",
            ]),
        .testTarget(name: "CardBotVideoTests", dependencies: ["CardBotVideo", "CardBotImaging"]),
        .testTarget(
            name: "CardBotARTests",
            dependencies: [
                "CardBotAR", "CardBotTracking", "CardBotSynth", "CardBotVision", "CardBotLesson", "CardBotGeometry",
                "CardBotImaging", "CardBotTestSupport",
            ],
            exclude: ["Resources"]),
        .testTarget(name: "CardBotSupportTests", dependencies: ["CardBotSupport"]),
        .testTarget(name: "CardBotPrintTests", dependencies: ["CardBotPrint", "CardBotImaging"]),
        .testTarget(
            name: "CardBotSynthTests",
            dependencies: ["CardBotSynth", "CardBotGeometry", "CardBotImaging", "CardBotVision", "CardBotTestSupport"]),
        .testTarget(name: "CardBotLessonTests", dependencies: ["CardBotLesson", "CardBotSupport", "CardBotTestSupport"]),
        .testTarget(
            name: "CardBotSessionTests", dependencies: ["CardBotSession", "CardBotSupport"]),
        // One session's engine, run card by card and frame by frame on synthesized recordings with known truth.
        .testTarget(
            name: "CardBotTrackingTests",
            dependencies: [
                "CardBotTracking", "CardBotSession", "CardBotLesson", "CardBotVision", "CardBotGeometry", "CardBotImaging",
                "CardBotSupport", "CardBotTestSupport",
            ]),
        .testTarget(
            name: "CardBotClassroomTests",
            dependencies: [
                "CardBotClassroom", "CardBotTracking", "CardBotSession", "CardBotSynth", "CardBotLesson", "CardBotVision",
                "CardBotGeometry", "CardBotImaging", "CardBotSupport", "CardBotTestSupport",
            ]),
        // Fixtures/ holds sample rosters (OneRoster 1.1 and Clever CSV).
        .testTarget(
            name: "CardBotGradebookTests",
            dependencies: [
                "CardBotGradebook", "CardBotClassroom", "CardBotSession", "CardBotSupport", "CardBotTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["Fixtures"]),
        // The module map kept true: each module imports what Package.swift gives it, and the layers go one way. It
        // reads the sources and this manifest, so it depends on nothing.
        .testTarget(name: "CardBotModuleMapTests"),
        // Golden/ holds the pictures printed pages are compared with.
        .testTarget(
            name: "CardBotCLITests",
            // The cardbot executable too: the CLI tests run the binary `swift test` has just built beside them.
            dependencies: [
                "cardbot", "CardBotImaging", "CardBotTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["Golden", "Fixtures"]),
        // Helpers shared by the test targets (running the built cardbot, reading CSV back, synthesized scenes).
        .target(
            name: "CardBotTestSupport", dependencies: ["CardBotSynth", "CardBotGeometry", "CardBotImaging", "CardBotVision"],
            path: "Tests/CardBotTestSupport"),
    ]
)

// The test targets are compiled without optimisation: what they test, the library modules, is built as `-c` says
// (release in `make test`), while the tests' own code, mostly macro-expanded #expect and test scaffolding, is not
// worth the optimiser's time. On a fresh clone of a 2-core machine this takes `make test`'s build from 8.5 to 6.6
// minutes, and the test run takes as long as before.
for target in package.targets where target.type == .test {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-Onone"])]
}

// The libFuzzer harnesses (Fuzz/), one executable per parser of outside input, exist only in a fuzzing build:
// `CARDBOT_FUZZ=1 swift build --sanitize=fuzzer --sanitize=address --product fuzz-NAME` (Fuzz/build.sh), so that
// every CardBot module they reach is instrumented the same way and libFuzzer supplies their main.
if Context.environment["CARDBOT_FUZZ"] != nil {
    package.targets.append(.target(name: "FuzzSupport", path: "Fuzz/Support"))
    // One harness per file of Fuzz/Harnesses, named after it (PNG.swift is fuzz-png, as Fuzz/build.sh builds it).
    let harnesses: [(file: String, dependencies: [Target.Dependency])] = [
        ("PNG", ["CardBotImaging"]),
        ("JPEG", ["CardBotImaging"]),
        ("Level", ["CardBotLesson", "CardBotSupport"]),
        ("Program", ["CardBotLesson", "CardBotSupport"]),
        ("Deck", ["CardBotVision"]),
        ("Patterns", ["CardBotVision"]),
        ("Catalog", ["CardBotSupport"]),
        ("Session", ["CardBotSession", "CardBotSupport"]),
        ("Corrections", ["CardBotSession"]),
        ("ClassJSON", ["CardBotSession"]),
        ("Roster", ["CardBotGradebook", "CardBotSupport"]),
        (
            "Gradebook",
            ["CardBotGradebook", "CardBotClassroom", "CardBotLesson", .product(name: "GRDB", package: "GRDB.swift")]
        ),
    ]
    for harness in harnesses {
        let name = "fuzz-" + harness.file.lowercased()
        package.targets.append(
            .executableTarget(
                name: name, dependencies: ["FuzzSupport"] + harness.dependencies, path: "Fuzz/Harnesses",
                sources: [harness.file + ".swift"], swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
        package.products.append(.executable(name: name, targets: [name]))
    }
}
