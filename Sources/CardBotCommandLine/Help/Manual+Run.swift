import CardBotSupport

extension Manual {
    /// `cardbot run`'s manual: what a program and a recording are, which signal makes an attempt, live streams, and the
    /// exit statuses.
    package static var run: String {
        Messages.text("""
        The program is typed with --program as card names or marker ids (mapped through the level's \
        cards), separated by spaces or commas; or it is read from camera frames: a recorded session \
        folder (frames in natural filename order, or one video, and an optional session.json), a video \
        file (MP4, MOV, MKV, WebM, AVI, MJPEG; read at --sample-fps frames per second, turned upright as \
        the phone recorded it), or single frame files. Every reading has its time in the recording \
        (a video's timestamps, or session.json's fps for stills), and the program on the table changes \
        only when a new reading is seen unchanged for --stable-seconds, so the same lesson means the \
        same at any frame rate.

        ATTEMPTS: which signal counts
          1. session.json's run marks ("runs"), when present, are the attempts.
          2. Else taps on the GO card (marker 18 of the default deck), when a GO card
             is seen: the card lies beside the program row and is never part of the
             program; a tap hides it under the child's hand for 0.15 to 2.5 s while
             most program cards stay in view, and runs the program on the table at
             that moment. A hand over the whole row is not a tap; two taps within 1 s
             are one press; a GO card covered longer, or never seen again, is not a
             tap and gets a note.
          3. Else (no run signal in the recording) each program that lies still for
             --settle-seconds is an attempt, and every output says the attempts are
             estimated.

        The level is a level file, or a level number looked up in --levels; for a session it defaults \
        to the level in its session.json.

        With --live and - as the input, frames come from a stream on standard input (MJPEG or any \
        container FFmpeg reads), for example from a webcam:

            ffmpeg -f v4l2 -i /dev/video0 -f mjpeg - | cardbot run --live --level 3 -

        Each tap on the GO card runs the program on the table the moment the GO card is seen again \
        (until a GO card is seen, a program that lies still for --settle-seconds is run, estimated); the \
        end of the stream or Ctrl-C stops it with the session summary.

        EXIT STATUS
          0   the robot reached the goal with every gem (for a session: some attempt
              did)
          1   the run failed (for a session: no attempt solved the level)
          2   bad input: the level, the program, the session folder or session.json is
              not valid
          64  the command line is not valid
        """)
    }
}
