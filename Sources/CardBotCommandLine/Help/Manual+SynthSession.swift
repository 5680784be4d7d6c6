import CardBotSupport

extension Manual {
    /// `cardbot synth session`'s manual: how the synthesized child plays and what is written.
    package static var synthSession: String {
        Messages.text("""
        The child lays the --program cards down one by one (a hand over each slot for 0.6 to 1.2 s, 1 to 4 s \
        between cards and now and then a thinking pause of 4 to 5.5 s), waits a moment, taps the GO card \
        (it lies left of the row; the hand hides it for 0.3 to 1.2 s) and watches the robot for 6 to \
        12 s; each --then program is made by rearranging the cards under a hand, then tapped in turn. \
        The camera drifts a little. Everything follows from --seed, in seconds: the same seed is the same \
        lesson at any --fps and as a video at any --video-fps. session.json holds the student, the level \
        and the fps (no run marks unless --run-marks: the taps are the run signal); truth.json holds \
        every frame's visible cards, the taps, the presses and the program each press runs.

        With --video FILE the session is one video instead of frame files (H.264 in .mp4, .mkv and .mov \
        where the library has it, else MPEG-4 Part 2) at --video-fps (or --variable-rate); session.json \
        (naming the video) and truth.json go into --out, by default the video's folder.
        """)
    }
}
