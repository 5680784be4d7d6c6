import CardBotSupport
import Testing

/// The progress line of a job that makes pages or frames one by one.
@Suite struct JobProgressTests {
    @Test("the line shows the bar, what is done of how many, and the time left at the rate so far")
    func line() {
        let line = JobProgress(done: 5, total: 20, unit: .pages, seconds: 2).line(width: 60)
        #expect(line == "[########--------------------------]  5/20 pages  0:06 left", "\(line)")
        #expect(line.count <= 60)
        #expect(JobProgress(done: 1, total: 1, unit: .frames, seconds: 0.5).line().hasSuffix("  1/1 frame  0:00 left"))
    }

    @Test("before a rate can be told the time left is dashes; the bar fits narrow terminals and never overflows")
    func early() {
        let line = JobProgress(done: 0, total: 120, unit: .frames, seconds: 0).line(width: 80)
        #expect(line.hasSuffix("0/120 frames  --:-- left"))
        #expect(line.hasPrefix("[----------"))
        let narrow = JobProgress(done: 200, total: 120, unit: .frames, seconds: 1).line(width: 20)
        #expect(narrow.hasPrefix("[##########]"), "\(narrow)")
        #expect(JobProgress.clock(3725) == "1:02:05")
        #expect(JobProgress.clock(.infinity) == "--:--")
    }

    @Test("one session's run (a video read with run) counts its frames read, with the rate")
    func framesRead() {
        let line = JobProgress(done: 150, total: 600, unit: .framesRead, seconds: 3).line(width: 80)
        #expect(line.hasSuffix("  150/600 frames  50 frames/s  0:09 left"), "\(line)")
        #expect(line.count <= 80)
    }
}
