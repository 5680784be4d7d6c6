#include "CDecodeReference.h"
#include <stdio.h>
#include <setjmp.h>
#include <jpeglib.h>

struct reference_error { struct jpeg_error_mgr base; jmp_buf jump; };

static void reference_error_exit(j_common_ptr info) { longjmp(((struct reference_error *)info->err)->jump, 1); }
static void reference_silent(j_common_ptr info) { (void)info; }

int reference_decode_gray(const uint8_t *data, size_t length, uint8_t *pixels, size_t capacity,
                          uint32_t *width, uint32_t *height) {
    struct jpeg_decompress_struct info;
    struct reference_error error;
    info.err = jpeg_std_error(&error.base);
    error.base.error_exit = reference_error_exit;
    error.base.output_message = reference_silent;
    if (setjmp(error.jump)) { jpeg_destroy_decompress(&info); return 1; }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    info.out_color_space = JCS_GRAYSCALE;
    jpeg_start_decompress(&info);
    size_t stride = info.output_width;
    if (stride * info.output_height > capacity) { jpeg_destroy_decompress(&info); return 2; }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + (size_t)info.output_scanline * stride;
        jpeg_read_scanlines(&info, &row, 1);
    }
    *width = info.output_width;
    *height = info.output_height;
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return 0;
}
