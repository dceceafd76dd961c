/*
 * The core's self-test on a Cortex-M0 in qemu-system-arm: Debian's qemu has no SAMD21 machine, so the
 * same ARMv6-M code (built -mcpu=cortex-m0plus, the SAMD21's core) runs on its `microbit` machine
 * (nRF51822, a Cortex-M0: the same instruction set). Output and exit through ARM semihosting
 * (SYS_WRITEC 0x03, SYS_EXIT 0x18; qemu -semihosting). Linked by platform/m0_selftest.ld.
 */
#include <stdint.h>
#include <string.h>
#include "../test/selftest_core.h"

static int semihost(int op, void *arg) {
  register int r0 __asm__("r0") = op;
  register void *r1 __asm__("r1") = arg;
  __asm__ volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
  return r0;
}

static void out(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    semihost(0x03, &c);
  }
}

int main(void) {
  int failed = mjr_selftest(out);
  semihost(0x18, (void *)(failed ? 0x20024UL : 0x20026UL)); /* ADP_Stopped_RunTimeErrorUnknown / ApplicationExit */
  for (;;) {}
}

extern uint32_t _sidata, _sdata, _edata, _sbss, _ebss, _estack;

void m0_reset(void) {
  memcpy(&_sdata, &_sidata, (size_t)((char *)&_edata - (char *)&_sdata));
  memset(&_sbss, 0, (size_t)((char *)&_ebss - (char *)&_sbss));
  main();
  for (;;) {}
}

static void unexpected(void) {
  for (;;) {}
}

typedef void (*m0_vector)(void);
__attribute__((section(".vectors"), used)) static const m0_vector vectors[16] = {
    (m0_vector)(uintptr_t)&_estack, m0_reset, unexpected, unexpected,
};
