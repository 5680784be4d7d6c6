#ifndef CCARDBOTJPEG_H
#define CCARDBOTJPEG_H

#include <stddef.h>
#include <stdint.h>

/// An open JPEG decoder over bytes in memory. Opaque to Swift.
typedef struct cardbot_jpeg_decoder cardbot_jpeg_decoder;

/// Room for libjpeg's messages: the error that stopped a call, or the warnings of a decode.
enum { CARDBOT_JPEG_MESSAGE_CAPACITY = 512 };

/// Reads the header of the JPEG in `data` (which must outlive the decoder).
/// Returns NULL on failure with the reason in `message`. On success fills the
/// image's size and the number of components it is stored with (1 or 3).
cardbot_jpeg_decoder *cardbot_jpeg_open(const uint8_t *data, size_t length,
                                        uint32_t *width, uint32_t *height, int *components,
                                        int *progressive,
                                        char *message, size_t message_capacity);

/// Decodes every scanline into `pixels` (width * height * channels bytes, rows packed).
/// `channels` is 1 (luminance straight from the decoder) or 3 (RGB). `fast_transform` non-zero picks libjpeg's
/// fast integer inverse DCT (JDCT_IFAST) instead of its accurate one (JDCT_ISLOW).
/// Returns 0 on success. A premature end of the data is a failure, not a grey-filled image.
/// Warnings that did not stop the decode are left, separated by newlines, in `warnings`.
int cardbot_jpeg_read(cardbot_jpeg_decoder *decoder, uint8_t *pixels, int channels, int fast_transform,
                      char *message, size_t message_capacity,
                      char *warnings, size_t warnings_capacity);

/// Frees the decoder. Safe on NULL.
void cardbot_jpeg_close(cardbot_jpeg_decoder *decoder);

/// Encodes packed 8-bit pixels (1 or 3 channels) to a JPEG with quality 1...100.
/// On success returns 0 and a malloc'd buffer in `output` (free it with cardbot_jpeg_free).
int cardbot_jpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height, int channels,
                        int quality, int progressive,
                        uint8_t **output, size_t *output_length,
                        char *message, size_t message_capacity);

/// Frees a buffer returned by cardbot_jpeg_encode.
void cardbot_jpeg_free(uint8_t *buffer);

#endif
