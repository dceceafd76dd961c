/*
 * The ISO 14443A build (firmware/README.md "ISO 14443A build"): one rack reader with one MFRC522 per
 * tile slot, 20 under the rack's floor (zone `in`, antennas 0-19) and 4 under the shelf on top (zone
 * `top`, antennas 20-23). Their NSS lines are reached through two CD74HC4067 analog multiplexers
 * (mux A: antennas 0-15, mux B: 16-23) sharing the select lines S0-S3; each MFRC522 NSS has a 10 kΩ
 * pull-up so the ones not selected stay deselected. Pins: the wiring table in the README.
 */
#include "board.h"
#include "../drivers/mfrc522.h"
#include "../platform/platform.h"

#define ANTENNAS 24
#if defined(__AVR__)
/* Arduino Mega 2560: S0-S3 D22-D25 (PA0-PA3), mux A SIG D26 (PA4), mux B SIG D27 (PA5), RST D28 (PA6), LED D13 (PB7) */
#define PIN(port, bit) (uint8_t)((port) << 3 | (bit))
static const uint8_t sel[4] = {PIN(0, 0), PIN(0, 1), PIN(0, 2), PIN(0, 3)};
#define SIG_A PIN(0, 4)
#define SIG_B PIN(0, 5)
#define RST PIN(0, 6)
#define LED PIN(1, 7)
#else
/* SAMD21G18: S0-S3 PA02-PA05, SIG A PA06, SIG B PA07, RST PA20, LED PA21 */
static const uint8_t sel[4] = {2, 3, 4, 5};
#define SIG_A 6
#define SIG_B 7
#define RST 20
#define LED 21
#endif

static void xfer(void *ctx, uint8_t dev, const uint8_t *tx, uint8_t *rx, size_t n) {
  (void)ctx;
  uint8_t ch = dev & 15, sig = dev < 16 ? SIG_A : SIG_B;
  for (uint8_t i = 0; i < 4; i++) mjr_platform_pin_out(sel[i], (ch >> i) & 1);
  mjr_platform_pin_out(sig, 0); /* through the multiplexer: this MFRC522's NSS low */
  for (size_t i = 0; i < n; i++) {
    uint8_t r = mjr_platform_spi(tx[i]);
    if (rx) rx[i] = r;
  }
  mjr_platform_pin_out(sig, 1);
}
static void delay(void *ctx, uint16_t us) { (void)ctx; mjr_platform_delay_us(us); }

static const mjr_spi bus = {xfer, NULL, delay, NULL};
static mfrc522 chips[ANTENNAS];

static const char *const zones[] = {"in", "top"};
static const uint8_t antenna_zone[ANTENNAS] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1};
/* README "Scan period": 24 slots at about 11 ms each: 264 ms a scan */
const mjr_config mjr_board_config = {"RK-E1", MJR_FW_VERSION "+mfrc522", 2, zones, ANTENNAS, antenna_zone, 0, 0, 2, 3, 300, 300, 1000, 0};

void mjr_board_init(void) {
  mjr_platform_pin_out(SIG_A, 1);
  mjr_platform_pin_out(SIG_B, 1);
  mjr_platform_pin_out(RST, 0); /* §8.8.1: NRSTPD low: hard power-down; high: reset and start */
  mjr_platform_delay_us(100);
  mjr_platform_pin_out(RST, 1);
  mjr_platform_delay_us(50);
  for (uint8_t a = 0; a < ANTENNAS; a++) {
    chips[a].spi = &bus;
    chips[a].dev = a;
    mfrc522_init(&chips[a]); /* a chip that does not answer is retried at each inventory (ERR code=5) */
  }
}

mjr_inv mjr_board_inventory(void *ctx, uint8_t antenna, mjr_read *reads, uint8_t cap) {
  (void)ctx;
  return mfrc522_inventory(&chips[antenna], reads, cap);
}

void mjr_board_led(void *ctx, uint8_t on) { (void)ctx; mjr_platform_pin_out(LED, on); }
