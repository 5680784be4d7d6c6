#ifndef CARDBOT_CPNG_SHIM_H
#define CARDBOT_CPNG_SHIM_H
#include <png.h>
#endif
