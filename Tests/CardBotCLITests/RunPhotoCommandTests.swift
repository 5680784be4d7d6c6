import Foundation
import Testing

/// `cardbot run --level N PHOTO...`: a photo of the table (or a few, named one by one) is a program to run.
@Suite struct RunPhotoCommandTests {
    @Test("one photo of Maya's table runs its eight cards and solves level 3")
    func onePhoto() throws {
        let output = try CLIRunner.run(["run", "--level", "3", "Examples/maya-level-3/frame-0022.jpg"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("One photo: level 3, Left and right\n"))
        #expect(output.stdout.contains("Attempt 1, the photo Examples/maya-level-3/frame-0022.jpg:"))
        #expect(output.stdout.contains("Well done! The robot reached the goal in 8 steps."))
        #expect(output.stdout.contains("Run signal:    photos of the table: each photo's program is run"))
        #expect(!output.stdout.contains("No program was run"))
        let json = try CLIRunner.run(["run", "--level", "3", "Examples/maya-level-3/frame-0022.jpg", "--json"])
        #expect(json.stdout.contains(#""signal":"photos""#), "\(json.stdout.prefix(600))")
    }

    @Test("two photos, a first try and the fix: two attempts, the second solves; in Danish the photo is 'billedet'")
    func twoPhotos() throws {
        let photos = ["Examples/maya-level-3/frame-0011.jpg", "Examples/maya-level-3/frame-0022.jpg"]
        let output = try CLIRunner.run(["run", "--level", "3", "--quiet"] + photos)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("2 photos: level 3, Left and right\n"))
        #expect(output.stdout.contains("Attempts:      2"))
        #expect(output.stdout.contains("First success: attempt 2 at Examples/maya-level-3/frame-0022.jpg"))
        let danish = try CLIRunner.run(["run", "--level", "3", "--language", "da"] + photos)
        #expect(danish.stdout.contains("Forsøg 2, billedet Examples/maya-level-3/frame-0022.jpg:"))
    }

    @Test("more photos than a few are a recording: its programs must settle or be tapped to run")
    func manyFramesAreARecording() throws {
        let frames = (1...13).map { String(format: "Examples/maya-level-3/frame-%04d.jpg", $0) }
        let output = try CLIRunner.run(["run", "--level", "3", "--quiet"] + frames)
        #expect(!output.stdout.contains("photos of the table"), "\(output.stdout)")
    }
}
