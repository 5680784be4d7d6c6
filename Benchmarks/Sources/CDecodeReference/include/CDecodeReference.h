#ifndef CDECODEREFERENCE_H
#define CDECODEREFERENCE_H
#include <stddef.h>
#include <stdint.h>

/// Decodes a JPEG in memory to 8-bit grayscale the plain way: libjpeg-turbo called directly from C.
/// `pixels` must hold width * height bytes; returns 0 on success.
int reference_decode_gray(const uint8_t *data, size_t length, uint8_t *pixels, size_t capacity,
                          uint32_t *width, uint32_t *height);
#endif
