#include "CCardBotVideo.h"

#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <libavutil/avutil.h>
#include <libavutil/error.h>
#include <libavutil/log.h>

enum { CARDBOT_VIDEO_LOG_CAPACITY = 512 };

static _Thread_local char last_message[CARDBOT_VIDEO_LOG_CAPACITY];
static _Thread_local int line_start = 1;

/// av_log hands a printf format and a va_list: only C can format it. Messages below warning level are
/// dropped; others are kept for the caller's error text. Nothing is printed.
static void cardbot_video_log(void *context, int level, const char *format, va_list arguments) {
    (void)context;
    if (level > AV_LOG_WARNING) return;
    char line[CARDBOT_VIDEO_LOG_CAPACITY];
    int length = vsnprintf(line, sizeof line, format, arguments);
    if (length <= 0) return;
    if (length >= (int)sizeof line) length = (int)sizeof line - 1;
    while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == '\r' || line[length - 1] == ' ')) {
        line[--length] = '\0';
    }
    if (length == 0) return;
    // A message may come in pieces: a piece after one without a newline continues it.
    if (!line_start) {
        size_t used = strlen(last_message);
        snprintf(last_message + used, sizeof last_message - used, "%s", line);
    } else {
        snprintf(last_message, sizeof last_message, "%s", line);
    }
    size_t formatLength = strlen(format);
    line_start = formatLength > 0 && format[formatLength - 1] == '\n';
}

void cardbot_video_log_install(void) {
    av_log_set_level(AV_LOG_WARNING);
    av_log_set_callback(cardbot_video_log);
}

size_t cardbot_video_log_take(char *buffer, size_t capacity) {
    size_t length = strlen(last_message);
    if (capacity == 0) return 0;
    if (length >= capacity) length = capacity - 1;
    memcpy(buffer, last_message, length);
    buffer[length] = '\0';
    last_message[0] = '\0';
    line_start = 1;
    return length;
}

int cardbot_video_error_eof(void) { return AVERROR_EOF; }
int cardbot_video_error_again(void) { return AVERROR(EAGAIN); }
int cardbot_video_error_invalid_data(void) { return AVERROR_INVALIDDATA; }
int cardbot_video_error_stream_not_found(void) { return AVERROR_STREAM_NOT_FOUND; }
int cardbot_video_error_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }
int64_t cardbot_video_no_pts(void) { return AV_NOPTS_VALUE; }
int cardbot_video_error_exit(void) { return AVERROR_EXIT; }

static volatile sig_atomic_t interrupted = 0;

static void cardbot_video_on_interrupt(int signal_number) {
    (void)signal_number;
    interrupted = 1;
}

void cardbot_video_interrupt_install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = cardbot_video_on_interrupt;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    /* A parent may have started us with SIGINT blocked (the mask is inherited): Ctrl-C must still stop a live read. */
    sigset_t unblock;
    sigemptyset(&unblock);
    sigaddset(&unblock, SIGINT);
    pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
}

int cardbot_video_interrupted(void) { return interrupted; }

static int cardbot_video_check_interrupt(void *opaque) {
    (void)opaque;
    return interrupted;
}

int (*cardbot_video_interrupt_callback(void))(void *) { return cardbot_video_check_interrupt; }
