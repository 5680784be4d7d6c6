#ifndef CCARDBOTVIDEO_H
#define CCARDBOTVIDEO_H

#include <stddef.h>
#include <stdint.h>

/// Routes FFmpeg's log through CardBot: nothing reaches stderr. The most recent message at warning
/// level or worse is kept (per thread) so that an error can say what FFmpeg saw. Safe to call twice.
void cardbot_video_log_install(void);

/// Copies the calling thread's most recent FFmpeg warning or error (without the trailing newline) into
/// `buffer` and clears it; returns its length (0 when there was none).
size_t cardbot_video_log_take(char *buffer, size_t capacity);

/// FFmpeg's error codes, which are macros Swift cannot import.
int cardbot_video_error_eof(void);
int cardbot_video_error_again(void);
int cardbot_video_error_invalid_data(void);
int cardbot_video_error_stream_not_found(void);
int cardbot_video_error_decoder_not_found(void);

int cardbot_video_error_exit(void);

/// Makes Ctrl-C (SIGINT) set a flag instead of ending the process, so a live stream stops cleanly.
void cardbot_video_interrupt_install(void);

/// True once Ctrl-C was pressed after cardbot_video_interrupt_install.
int cardbot_video_interrupted(void);

/// The function for AVFormatContext.interrupt_callback: stops a blocking read once Ctrl-C was pressed.
int (*cardbot_video_interrupt_callback(void))(void *);

/// AV_NOPTS_VALUE, a macro with a cast.
int64_t cardbot_video_no_pts(void);

#endif
