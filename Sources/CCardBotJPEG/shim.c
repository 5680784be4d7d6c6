// The whole libjpeg conversation happens here, under setjmp: libjpeg reports
// errors by longjmp, which must never cross a Swift frame. Messages go into
// caller-provided buffers instead of stderr.
#include "CCardBotJPEG.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char *warnings;
    size_t warnings_capacity;
    size_t warnings_length;
    int premature_end;
} cardbot_error_manager;

struct cardbot_jpeg_decoder {
    struct jpeg_decompress_struct info;
    cardbot_error_manager error;
};

static void cardbot_copy_message(j_common_ptr info, char *buffer, size_t capacity) {
    if (buffer == NULL || capacity == 0) return;
    char text[JMSG_LENGTH_MAX];
    info->err->format_message(info, text);
    snprintf(buffer, capacity, "%s", text);
}

static void cardbot_error_exit(j_common_ptr info) {
    cardbot_error_manager *manager = (cardbot_error_manager *)info->err;
    longjmp(manager->jump, 1);
}

// Warnings (msg_level -1) are collected; trace messages are dropped. Nothing reaches stderr.
static void cardbot_emit_message(j_common_ptr info, int level) {
    cardbot_error_manager *manager = (cardbot_error_manager *)info->err;
    if (level >= 0) return;
    manager->base.num_warnings++;
    if (manager->base.msg_code == JWRN_JPEG_EOF) {
        // libjpeg would fill the rest with grey; a truncated frame is an error for us.
        manager->premature_end = 1;
        longjmp(manager->jump, 1);
    }
    if (manager->warnings == NULL || manager->warnings_capacity == 0) return;
    char text[JMSG_LENGTH_MAX];
    manager->base.format_message(info, text);
    size_t room = manager->warnings_capacity - manager->warnings_length;
    if (room <= 1) return;
    int written = snprintf(manager->warnings + manager->warnings_length, room, "%s%s",
                           manager->warnings_length > 0 ? "\n" : "", text);
    if (written > 0) {
        size_t used = (size_t)written < room ? (size_t)written : room - 1;
        manager->warnings_length += used;
    }
}

static void cardbot_output_message(j_common_ptr info) { (void)info; }

static void cardbot_install_error_manager(cardbot_error_manager *manager) {
    memset(manager, 0, sizeof(*manager));
    jpeg_std_error(&manager->base);
    manager->base.error_exit = cardbot_error_exit;
    manager->base.emit_message = cardbot_emit_message;
    manager->base.output_message = cardbot_output_message;
}

cardbot_jpeg_decoder *cardbot_jpeg_open(const uint8_t *data, size_t length,
                                        uint32_t *width, uint32_t *height, int *components,
                                        int *progressive,
                                        char *message, size_t message_capacity) {
    if (data == NULL || length == 0) {
        snprintf(message, message_capacity, "the file is empty");
        return NULL;
    }
    cardbot_jpeg_decoder *decoder = calloc(1, sizeof(cardbot_jpeg_decoder));
    if (decoder == NULL) {
        snprintf(message, message_capacity, "out of memory");
        return NULL;
    }
    cardbot_install_error_manager(&decoder->error);
    decoder->info.err = &decoder->error.base;
    if (setjmp(decoder->error.jump)) {
        if (decoder->error.premature_end) {
            snprintf(message, message_capacity, "the JPEG data ends early (the file is truncated)");
        } else {
            cardbot_copy_message((j_common_ptr)&decoder->info, message, message_capacity);
        }
        jpeg_destroy_decompress(&decoder->info);
        free(decoder);
        return NULL;
    }
    jpeg_create_decompress(&decoder->info);
    jpeg_mem_src(&decoder->info, data, (unsigned long)length);
    jpeg_read_header(&decoder->info, TRUE);
    *width = decoder->info.image_width;
    *height = decoder->info.image_height;
    *components = decoder->info.num_components;
    *progressive = decoder->info.progressive_mode ? 1 : 0;
    return decoder;
}

int cardbot_jpeg_read(cardbot_jpeg_decoder *decoder, uint8_t *pixels, int channels, int fast_transform,
                      char *message, size_t message_capacity,
                      char *warnings, size_t warnings_capacity) {
    if (warnings != NULL && warnings_capacity > 0) warnings[0] = '\0';
    decoder->error.warnings = warnings;
    decoder->error.warnings_capacity = warnings_capacity;
    decoder->error.warnings_length = 0;
    if (setjmp(decoder->error.jump)) {
        if (decoder->error.premature_end) {
            snprintf(message, message_capacity, "the JPEG data ends early (the file is truncated)");
        } else {
            cardbot_copy_message((j_common_ptr)&decoder->info, message, message_capacity);
        }
        jpeg_abort_decompress(&decoder->info);
        return 1;
    }
    decoder->info.out_color_space = channels == 1 ? JCS_GRAYSCALE : JCS_RGB;
    decoder->info.dct_method = fast_transform ? JDCT_IFAST : JDCT_ISLOW;
    jpeg_start_decompress(&decoder->info);
    size_t stride = (size_t)decoder->info.output_width * (size_t)channels;
    while (decoder->info.output_scanline < decoder->info.output_height) {
        JSAMPROW rows[4];
        JDIMENSION first = decoder->info.output_scanline;
        int count = 0;
        for (; count < 4 && first + count < decoder->info.output_height; count++) {
            rows[count] = pixels + (size_t)(first + count) * stride;
        }
        jpeg_read_scanlines(&decoder->info, rows, (JDIMENSION)count);
    }
    jpeg_finish_decompress(&decoder->info);
    return 0;
}

void cardbot_jpeg_close(cardbot_jpeg_decoder *decoder) {
    if (decoder == NULL) return;
    jpeg_destroy_decompress(&decoder->info);
    free(decoder);
}

int cardbot_jpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height, int channels,
                        int quality, int progressive,
                        uint8_t **output, size_t *output_length,
                        char *message, size_t message_capacity) {
    struct jpeg_compress_struct info;
    cardbot_error_manager error;
    unsigned char *buffer = NULL;
    unsigned long length = 0;
    *output = NULL;
    *output_length = 0;
    cardbot_install_error_manager(&error);
    info.err = &error.base;
    if (setjmp(error.jump)) {
        cardbot_copy_message((j_common_ptr)&info, message, message_capacity);
        jpeg_destroy_compress(&info);
        free(buffer);
        return 1;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, &buffer, &length);
    info.image_width = width;
    info.image_height = height;
    info.input_components = channels;
    info.in_color_space = channels == 1 ? JCS_GRAYSCALE : JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    if (progressive) jpeg_simple_progression(&info);
    jpeg_start_compress(&info, TRUE);
    size_t stride = (size_t)width * (size_t)channels;
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)info.next_scanline * stride);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    *output = buffer;
    *output_length = (size_t)length;
    return 0;
}

void cardbot_jpeg_free(uint8_t *buffer) { free(buffer); }
