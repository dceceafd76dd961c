/* The core's self-test (selftest_core.c): runs every step, writes through out(), returns the failures. */
#ifndef SELFTEST_CORE_H
#define SELFTEST_CORE_H
#include <stddef.h>
int mjr_selftest(void (*out)(const char *s, size_t n));
#endif
