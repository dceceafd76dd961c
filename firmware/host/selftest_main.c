/* The core's self-test on the host: cc -std=c99 ... (firmware/build.sh host). Exit status = failures. */
#include <stdio.h>
#include "../test/selftest_core.h"

static void out(const char *s, size_t n) { fwrite(s, 1, n, stdout); }

int main(void) { return mjr_selftest(out) ? 1 : 0; }
