/*
 * The ISO 15693 build (firmware/README.md "ISO 15693 build"): one rack reader, zones `in` (3 PN5180
 * modules under the rack's floor, antennas 0-2) and `top` (1 module under the shelf on top, antenna 3),
 * all on one SPI bus, each with its own NSS and BUSY, one shared RST. Pins: the wiring table in the README.
 */
#include "board.h"
#include "../drivers/pn5180.h"
#include "../platform/platform.h"

#if defined(__AVR__)
/* Arduino Mega 2560: NSS D22-D25 (PA0-PA3), BUSY D37-D34 (PC0-PC3), RST D26 (PA4), LED D13 (PB7) */
#define PIN(port, bit) (uint8_t)((port) << 3 | (bit))
static const uint8_t nss[4] = {PIN(0, 0), PIN(0, 1), PIN(0, 2), PIN(0, 3)};
static const uint8_t busy[4] = {PIN(2, 0), PIN(2, 1), PIN(2, 2), PIN(2, 3)};
#define RST PIN(0, 4)
#define LED PIN(1, 7)
#else
/* SAMD21G18 (PA/PB as 0-31 / 32-63): NSS PA02 PA03 PA04 PA05, BUSY PA06 PA07 PA08 PA09, RST PA20, LED PA21 */
static const uint8_t nss[4] = {2, 3, 4, 5};
static const uint8_t busy[4] = {6, 7, 8, 9};
#define RST 20
#define LED 21
#endif

static void xfer(void *ctx, uint8_t dev, const uint8_t *tx, uint8_t *rx, size_t n) {
  (void)ctx;
  mjr_platform_pin_out(nss[dev], 0);
  for (size_t i = 0; i < n; i++) {
    uint8_t r = mjr_platform_spi(tx[i]);
    if (rx) rx[i] = r;
  }
  mjr_platform_pin_out(nss[dev], 1);
}
static uint8_t is_busy(void *ctx, uint8_t dev) { (void)ctx; return mjr_platform_pin_in(busy[dev]); }
static void delay(void *ctx, uint16_t us) { (void)ctx; mjr_platform_delay_us(us); }

static const mjr_spi bus = {xfer, is_busy, delay, NULL};
static const pn5180 chips[4] = {{&bus, 0}, {&bus, 1}, {&bus, 2}, {&bus, 3}};

static const char *const zones[] = {"in", "top"};
static const uint8_t antenna_zone[4] = {0, 0, 0, 1};
/* the scan period and its minimum: README "Scan period" (a full rack, 20 tiles: about 230 ms a scan) */
const mjr_config mjr_board_config = {"RK-E1", MJR_FW_VERSION "+pn5180", 2, zones, 4, antenna_zone, 0, 0, 2, 3, 250, 250, 1000, 0};

void mjr_board_init(void) {
  for (uint8_t i = 0; i < 4; i++) mjr_platform_pin_out(nss[i], 1);
  mjr_platform_pin_out(RST, 0); /* §11.3: RST low for at least 10 us, then the chip boots (BUSY high) */
  mjr_platform_delay_us(100);
  mjr_platform_pin_out(RST, 1);
  mjr_platform_delay_us(3000);
}

mjr_inv mjr_board_inventory(void *ctx, uint8_t antenna, mjr_read *reads, uint8_t cap) {
  (void)ctx;
  return pn5180_inventory(&chips[antenna], reads, cap);
}

void mjr_board_led(void *ctx, uint8_t on) { (void)ctx; mjr_platform_pin_out(LED, on); }
