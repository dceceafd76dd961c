/*
 * SAMD21G18 (Cortex-M0+) glue, register level, from the SAM D21 family data sheet (DS40001882):
 * §16 SYSCTRL (OSC8M prescaler to /1: the core, GCLK0 and the SERCOMs at 8 MHz, no PLL set up),
 * §15 PM (APBCMASK: SERCOM0, SERCOM1), §14 GCLK (CLKCTRL: GCLK0 to SERCOM0/1 core clocks),
 * §26 SERCOM USART on SERCOM0, PA10 TX (pad 2) / PA11 RX (pad 3), peripheral C: 115200 8N1,
 * BAUD = 65536 × (1 − 16 × 115200 / 8 MHz) = 50437 (§26.6.2.3, arithmetic mode);
 * §27 SERCOM SPI master on SERCOM1, PA16 MOSI (pad 0), PA17 SCK (pad 1), PA19 MISO (pad 3),
 * peripheral C, mode 0, BAUD 1: 8 MHz / (2 × 2) = 2 MHz; §23 PORT for the chip selects and lines;
 * the Cortex-M0+ SysTick for a 1 ms clock (ARMv6-M Architecture Reference Manual B3.3).
 * Vector table and reset handler here, no vendor headers (Debian's toolchain ships none for SAMD21).
 * NOT RUN ON HARDWARE: built and size-checked by firmware/build.sh samd21 only.
 */
#include <string.h>
#include "platform.h"

#define REG32(a) (*(volatile uint32_t *)(a))
#define REG16(a) (*(volatile uint16_t *)(a))
#define REG8(a) (*(volatile uint8_t *)(a))

#define PM_APBCMASK REG32(0x40000420)
#define SYSCTRL_OSC8M REG32(0x40000820)
#define GCLK_CLKCTRL REG16(0x40000C02)
#define GCLK_STATUS REG8(0x40000C01)
#define PORT_DIRSET(g) REG32(0x41004408 + 0x80 * (g))
#define PORT_DIRCLR(g) REG32(0x41004404 + 0x80 * (g))
#define PORT_OUTCLR(g) REG32(0x41004414 + 0x80 * (g))
#define PORT_OUTSET(g) REG32(0x41004418 + 0x80 * (g))
#define PORT_IN(g) REG32(0x41004420 + 0x80 * (g))
#define PORT_PMUX(g, n) REG8(0x41004430 + 0x80 * (g) + (n))
#define PORT_PINCFG(g, n) REG8(0x41004440 + 0x80 * (g) + (n))
#define SERCOM0 0x42000800
#define SERCOM1 0x42000C00
#define S_CTRLA(s) REG32((s) + 0x00)
#define S_CTRLB(s) REG32((s) + 0x04)
#define S_BAUD16(s) REG16((s) + 0x0C)
#define S_BAUD8(s) REG8((s) + 0x0C)
#define S_INTFLAG(s) REG8((s) + 0x18)
#define S_SYNCBUSY(s) REG32((s) + 0x1C)
#define S_DATA(s) REG16((s) + 0x28)
#define SYST_CSR REG32(0xE000E010)
#define SYST_RVR REG32(0xE000E014)
#define SYST_CVR REG32(0xE000E018)

static volatile uint32_t ms_low;
static uint32_t ms_high, ms_last;

void mjr_systick(void) { ms_low++; }

static void pin_function_c(uint8_t pin) {
  uint8_t n = pin & 31;
  uint8_t v = PORT_PMUX(0, n / 2);
  v = (n & 1) ? (uint8_t)((v & 0x0F) | (0x2 << 4)) : (uint8_t)((v & 0xF0) | 0x2); /* function C = 2 */
  PORT_PMUX(0, n / 2) = v;
  PORT_PINCFG(0, n) |= 1; /* PMUXEN */
}

void mjr_platform_init(void) {
  SYSCTRL_OSC8M &= ~(3UL << 8); /* PRESC = 0: 8 MHz */
  PM_APBCMASK |= (1UL << 2) | (1UL << 3);
  GCLK_CLKCTRL = (uint16_t)(0x14 | (0 << 8) | (1 << 14)); /* SERCOM0_CORE from GCLK0, CLKEN */
  while (GCLK_STATUS & 0x80) {}
  GCLK_CLKCTRL = (uint16_t)(0x15 | (0 << 8) | (1 << 14)); /* SERCOM1_CORE */
  while (GCLK_STATUS & 0x80) {}
  pin_function_c(10);
  pin_function_c(11);
  /* USART: internal clock (MODE 1), LSB first (DORD), RXPO 3, TXPO 1 (pad 2) */
  S_CTRLA(SERCOM0) = (1UL << 2) | (1UL << 30) | (3UL << 20) | (1UL << 16);
  S_CTRLB(SERCOM0) = (1UL << 17) | (1UL << 16); /* RXEN TXEN, 8 bits, 1 stop */
  while (S_SYNCBUSY(SERCOM0)) {}
  S_BAUD16(SERCOM0) = 50437;
  S_CTRLA(SERCOM0) |= 1UL << 1; /* ENABLE */
  while (S_SYNCBUSY(SERCOM0)) {}
  pin_function_c(16);
  pin_function_c(17);
  pin_function_c(19);
  /* SPI master (MODE 3), DOPO 0 (MOSI pad 0, SCK pad 1), DIPO 3 (MISO pad 3), mode 0, MSB first */
  S_CTRLA(SERCOM1) = (3UL << 2) | (0UL << 16) | (3UL << 20);
  S_CTRLB(SERCOM1) = 1UL << 17; /* RXEN */
  while (S_SYNCBUSY(SERCOM1)) {}
  S_BAUD8(SERCOM1) = 1;
  S_CTRLA(SERCOM1) |= 1UL << 1;
  while (S_SYNCBUSY(SERCOM1)) {}
  SYST_RVR = 8000 - 1; /* 1 ms at 8 MHz */
  SYST_CVR = 0;
  SYST_CSR = 7; /* processor clock, interrupt, enable */
}

uint64_t mjr_platform_ms(void) {
  uint32_t now = ms_low;
  if (now < ms_last) ms_high++;
  ms_last = now;
  return ((uint64_t)ms_high << 32) | now;
}

size_t mjr_platform_send(void *ctx, const uint8_t *b, size_t n) {
  (void)ctx;
  for (size_t i = 0; i < n; i++) {
    while (!(S_INTFLAG(SERCOM0) & 1)) {} /* DRE */
    S_DATA(SERCOM0) = b[i];
  }
  return n;
}

int mjr_platform_rx(uint8_t *b) {
  if (!(S_INTFLAG(SERCOM0) & 4)) return 0; /* RXC */
  *b = (uint8_t)S_DATA(SERCOM0);
  return 1;
}

uint8_t mjr_platform_spi(uint8_t out) {
  while (!(S_INTFLAG(SERCOM1) & 1)) {}
  S_DATA(SERCOM1) = out;
  while (!(S_INTFLAG(SERCOM1) & 4)) {}
  return (uint8_t)S_DATA(SERCOM1);
}

void mjr_platform_delay_us(uint16_t us) {
  /* about 4 cycles a loop at 8 MHz: 2 loops a microsecond */
  for (volatile uint32_t i = (uint32_t)us * 2; i > 0; i--) {}
}

/* Board pins: 0-31 PA00-PA31, 32-63 PB00-PB31. */
void mjr_platform_pin_out(uint8_t pin, uint8_t high) {
  uint8_t g = pin >> 5;
  uint32_t m = 1UL << (pin & 31);
  PORT_DIRSET(g) = m;
  if (high) PORT_OUTSET(g) = m;
  else PORT_OUTCLR(g) = m;
}

uint8_t mjr_platform_pin_in(uint8_t pin) {
  uint8_t g = pin >> 5;
  uint32_t m = 1UL << (pin & 31);
  PORT_DIRCLR(g) = m;
  PORT_PINCFG(g, pin & 31) |= 2; /* INEN */
  return (PORT_IN(g) & m) ? 1 : 0;
}

/* ---- startup: vector table, reset ---- */
extern uint32_t _sidata, _sdata, _edata, _sbss, _ebss, _estack;
int main(void);

void mjr_reset(void) {
  memcpy(&_sdata, &_sidata, (size_t)((char *)&_edata - (char *)&_sdata));
  memset(&_sbss, 0, (size_t)((char *)&_ebss - (char *)&_sbss));
  main();
  for (;;) {}
}

static void unexpected(void) {
  for (;;) {}
}

typedef void (*mjr_vector)(void);
/* 16 Cortex-M0+ exceptions, then the 28 SAMD21 interrupts (all unused: polled peripherals) */
__attribute__((section(".vectors"), used)) static const mjr_vector vectors[16 + 28] = {
    (mjr_vector)(uintptr_t)&_estack, mjr_reset, unexpected, unexpected, 0, 0, 0, 0, 0, 0, 0, unexpected, 0, 0, unexpected, mjr_systick,
};
