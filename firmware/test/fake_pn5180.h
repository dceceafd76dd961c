/*
 * A register-level fake of the PN5180 for host tests of drivers/pn5180.c: it takes the SPI frames of
 * the host interface (data sheet §11.4), keeps the registers the ISO 15693 inventory uses, raises
 * BUSY after every frame (until the driver polls it once), and answers the INVENTORY request and each
 * EOF slot marker from the tags in its field as ISO/IEC 15693-3 §8.2 places them: a tag answers in
 * the slot given by the 4 UID bits after the mask, two in one slot collide (RX_STATUS bit 18).
 * It counts protocol errors the driver makes (a frame while BUSY, SEND_DATA when not in transceive,
 * the field off, IRQs not cleared, a wrong RF configuration) and logs every frame as hex.
 */
#ifndef FAKE_PN5180_H
#define FAKE_PN5180_H

#include <stdio.h>
#include "../drivers/pn5180.h"

#define FPN_TAGS 24

typedef struct {
  uint8_t absent;        /* 1: no chip on the bus (MISO pulled high, BUSY stuck high) */
  uint8_t busy;
  uint32_t reg[0x30];
  uint8_t rf_on, rf_tx, rf_rx;
  uint8_t ntags;
  uint8_t air[FPN_TAGS][8];  /* UIDs as on the air: least significant byte first */
  uint8_t pending[32];   /* the response to clock out next */
  uint8_t npending;
  uint8_t mask_len, mask; /* the inventory in progress */
  int8_t slot;           /* -1: none */
  uint8_t rx_buf[10];
  int errors;
  char log[8192];
  size_t log_len;
  uint8_t logging;
} fake_pn5180;

static inline void fpn_init(fake_pn5180 *f) {
  memset(f, 0, sizeof *f);
  f->slot = -1;
  f->reg[PN5180_TX_CONFIG] = 0x000004C8UL;
}

/* A tag with this UID (most significant byte first, "E004...") into the field. */
static inline void fpn_tag(fake_pn5180 *f, const char *hex) {
  mj_uid u;
  size_t n = strlen(hex);
  for (size_t i = 0; i + 1 < n && i < 16; i += 2) u.b[i / 2] = (uint8_t)(mj_hexval(hex[i]) << 4 | mj_hexval(hex[i + 1]));
  for (int i = 0; i < 8; i++) f->air[f->ntags][i] = u.b[7 - i];
  f->ntags++;
}

static inline void fpn_err(fake_pn5180 *f, const char *what) {
  f->errors++;
  if (f->logging) {
    int k = snprintf(f->log + f->log_len, sizeof f->log - f->log_len, "! %s\n", what);
    if (k > 0) f->log_len += (size_t)k;
  }
}

static inline uint64_t fpn_v(const uint8_t *air) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; i--) v = v << 8 | air[i];
  return v;
}

/* Sets RX_STATUS, IRQ_STATUS, RF_STATUS and the receive buffer for the current slot. */
static inline void fpn_slot(fake_pn5180 *f) {
  int n = 0, which = -1;
  for (int t = 0; t < f->ntags; t++) {
    uint64_t v = fpn_v(f->air[t]);
    if ((v & ((1ULL << f->mask_len) - 1)) != f->mask) continue;
    if ((int)((v >> f->mask_len) & 15) != f->slot) continue;
    n++;
    which = t;
  }
  f->reg[PN5180_RX_STATUS] = 0;
  f->reg[PN5180_RF_STATUS] = 3UL << 24; /* waiting to receive */
  if (n == 0) return;
  f->reg[PN5180_IRQ_STATUS] |= PN5180_RX_IRQ;
  f->reg[PN5180_RX_STATUS] = 10 | (n > 1 ? PN5180_RX_COLLISION : 0);
  f->rx_buf[0] = 0x00; /* flags: no error */
  f->rx_buf[1] = 0x00; /* DSFID */
  memcpy(f->rx_buf + 2, f->air[which], 8);
  if (n > 1) f->rx_buf[5] ^= 0x5A; /* garbled where the answers overlapped */
}

static inline void fpn_frame(fake_pn5180 *f, const uint8_t *tx, size_t n) {
  uint8_t cmd = tx[0];
  uint32_t v = n >= 6 ? (uint32_t)tx[2] | (uint32_t)tx[3] << 8 | (uint32_t)tx[4] << 16 | (uint32_t)tx[5] << 24 : 0;
  uint8_t reg = n >= 2 ? tx[1] : 0;
  if (reg >= 0x30) { fpn_err(f, "register out of range"); return; }
  switch (cmd) {
    case PN5180_WRITE_REGISTER:
      if (reg == PN5180_IRQ_CLEAR) f->reg[PN5180_IRQ_STATUS] &= ~v;
      else f->reg[reg] = v;
      break;
    case PN5180_WRITE_REGISTER_OR_MASK: f->reg[reg] |= v; break;
    case PN5180_WRITE_REGISTER_AND_MASK: f->reg[reg] &= v; break;
    case PN5180_READ_REGISTER:
      for (int i = 0; i < 4; i++) f->pending[i] = (uint8_t)(f->reg[reg] >> (8 * i));
      f->npending = 4;
      break;
    case PN5180_READ_EEPROM:
      if (tx[1] == PN5180_EEPROM_PRODUCT_VERSION && n == 3 && tx[2] == 2) { f->pending[0] = 0x00; f->pending[1] = 0x04; f->npending = 2; } /* product version 4.0 */
      else fpn_err(f, "READ_EEPROM of an address the fake does not hold");
      break;
    case PN5180_LOAD_RF_CONFIG:
      f->rf_tx = tx[1];
      f->rf_rx = tx[2];
      if (tx[1] != 0x0D || tx[2] != 0x8D) fpn_err(f, "RF configuration is not ISO 15693 (0x0D/0x8D)");
      f->reg[PN5180_TX_CONFIG] = 0x000004C8UL;
      break;
    case PN5180_RF_ON: f->rf_on = 1; break;
    case PN5180_RF_OFF: f->rf_on = 0; f->slot = -1; break;
    case PN5180_SEND_DATA:
      if ((f->reg[PN5180_SYSTEM_CONFIG] & 7) != 3) fpn_err(f, "SEND_DATA while not in transceive");
      if (!f->rf_on) fpn_err(f, "SEND_DATA with the field off");
      if (f->reg[PN5180_IRQ_STATUS] & PN5180_RX_IRQ) fpn_err(f, "SEND_DATA with RX_IRQ not cleared");
      f->reg[PN5180_SYSTEM_CONFIG] &= ~7UL; /* the transceive starts: back to idle when done (simplified) */
      f->reg[PN5180_SYSTEM_CONFIG] |= 3;
      if (n == 2) {
        if (f->slot < 0) { fpn_err(f, "EOF outside an inventory"); break; }
        if (f->reg[PN5180_TX_CONFIG] & 0x4C0) fpn_err(f, "EOF sent with TX_CONFIG still framing data");
        f->reg[PN5180_TX_CONFIG] = 0x000004C8UL;
        f->slot++;
        if (f->slot > 15) { fpn_err(f, "more than 16 slots"); f->slot = -1; break; }
        fpn_slot(f);
      } else if (n >= 5 && tx[2] == 0x06 && tx[3] == 0x01) {
        f->mask_len = tx[4];
        f->mask = n >= 6 ? tx[5] : 0;
        if (f->mask_len != 0 && f->mask_len != 4) fpn_err(f, "mask length the fake does not model");
        f->slot = 0;
        fpn_slot(f);
      } else {
        fpn_err(f, "SEND_DATA the fake does not model");
      }
      break;
    case PN5180_READ_DATA:
      memcpy(f->pending, f->rx_buf, 10);
      f->npending = 10;
      break;
    case 0xFF: break; /* clocking out a response */
    default: fpn_err(f, "unknown command");
  }
}

/* mjr_spi.xfer for one fake (ctx = the fake). */
static inline void fpn_xfer(void *ctx, uint8_t dev, const uint8_t *tx, uint8_t *rx, size_t n) {
  fake_pn5180 *f = (fake_pn5180 *)ctx;
  (void)dev;
  if (f->absent) { if (rx) memset(rx, 0xFF, n); return; }
  if (f->busy) fpn_err(f, "frame while BUSY");
  if (f->logging) {
    f->log[f->log_len++] = tx[0] == 0xFF ? '<' : '>';
    for (size_t i = 0; i < n && f->log_len + 4 < sizeof f->log; i++) {
      uint8_t b = tx[0] == 0xFF && i < f->npending ? f->pending[i] : tx[i];
      f->log_len += (size_t)snprintf(f->log + f->log_len, sizeof f->log - f->log_len, " %02X", b);
    }
    if (f->log_len + 1 < sizeof f->log) f->log[f->log_len++] = '\n';
  }
  if (tx[0] == 0xFF && f->npending) {
    if (rx) for (size_t i = 0; i < n; i++) rx[i] = i < f->npending ? f->pending[i] : 0;
    f->npending = 0;
  } else {
    if (rx) memset(rx, 0, n);
    fpn_frame(f, tx, n);
  }
  f->busy = 1;
}

static inline uint8_t fpn_busy(void *ctx, uint8_t dev) {
  fake_pn5180 *f = (fake_pn5180 *)ctx;
  (void)dev;
  if (f->absent) return 1;
  uint8_t b = f->busy;
  f->busy = 0; /* done by the next poll */
  return b;
}

#endif /* FAKE_PN5180_H */
