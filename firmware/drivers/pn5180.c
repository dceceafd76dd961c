/* NXP PN5180 ISO 15693 inventory driver: see pn5180.h for the data sheet sections followed. */
#include "pn5180.h"

static int wait_not_busy(const pn5180 *p) {
  for (uint16_t i = 0; i < PN5180_BUSY_POLLS; i++) {
    if (!p->spi->busy(p->spi->ctx, p->dev)) return 0;
    p->spi->delay_us(p->spi->ctx, 10);
  }
  return -1;
}

/* §11.4.1: BUSY low, one frame under chip select, then BUSY goes high while the chip works and low when done. */
static int frame(const pn5180 *p, const uint8_t *tx, size_t n) {
  if (wait_not_busy(p) < 0) return -1;
  p->spi->xfer(p->spi->ctx, p->dev, tx, NULL, n);
  return wait_not_busy(p);
}

/* The response to the previous frame, clocked out with 0xFF bytes in its own frame. */
static int response(const pn5180 *p, uint8_t *rx, size_t n) {
  uint8_t ff[16];
  memset(ff, 0xFF, sizeof ff);
  while (n > 0) {
    size_t k = n > sizeof ff ? sizeof ff : n;
    p->spi->xfer(p->spi->ctx, p->dev, ff, rx, k);
    rx += k;
    n -= k;
  }
  return wait_not_busy(p);
}

static int reg_frame(const pn5180 *p, uint8_t cmd, uint8_t reg, uint32_t v) {
  uint8_t f[6] = {cmd, reg, (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
  return frame(p, f, sizeof f);
}

int pn5180_write_register(const pn5180 *p, uint8_t reg, uint32_t value) { return reg_frame(p, PN5180_WRITE_REGISTER, reg, value); }
int pn5180_or_mask(const pn5180 *p, uint8_t reg, uint32_t mask) { return reg_frame(p, PN5180_WRITE_REGISTER_OR_MASK, reg, mask); }
int pn5180_and_mask(const pn5180 *p, uint8_t reg, uint32_t mask) { return reg_frame(p, PN5180_WRITE_REGISTER_AND_MASK, reg, mask); }

int pn5180_read_register(const pn5180 *p, uint8_t reg, uint32_t *value) {
  uint8_t f[2] = {PN5180_READ_REGISTER, reg}, r[4];
  if (frame(p, f, 2) < 0 || response(p, r, 4) < 0) return -1;
  *value = (uint32_t)r[0] | (uint32_t)r[1] << 8 | (uint32_t)r[2] << 16 | (uint32_t)r[3] << 24;
  return 0;
}

int pn5180_read_eeprom(const pn5180 *p, uint8_t addr, uint8_t *out, uint8_t n) {
  uint8_t f[3] = {PN5180_READ_EEPROM, addr, n};
  if (frame(p, f, 3) < 0) return -1;
  return response(p, out, n);
}

int pn5180_send_data(const pn5180 *p, uint8_t last_bits, const uint8_t *data, uint8_t n) {
  uint8_t f[2 + 16];
  if (n > 16) return -1;
  f[0] = PN5180_SEND_DATA;
  f[1] = last_bits; /* number of valid bits in the last byte, 0 = all 8 */
  memcpy(f + 2, data, n);
  return frame(p, f, (size_t)n + 2);
}

int pn5180_read_data(const pn5180 *p, uint8_t *out, uint8_t n) {
  uint8_t f[2] = {PN5180_READ_DATA, 0x00};
  if (frame(p, f, 2) < 0) return -1;
  return response(p, out, n);
}

int pn5180_present(const pn5180 *p) {
  uint8_t v[2];
  if (pn5180_read_eeprom(p, PN5180_EEPROM_PRODUCT_VERSION, v, 2) < 0) return 0;
  return !((v[0] == 0xFF && v[1] == 0xFF) || (v[0] == 0 && v[1] == 0));
}

/* Idle, then transceive, IRQs cleared (AN12650): the chip sends the next SEND_DATA and then listens. */
static int arm(const pn5180 *p) {
  if (pn5180_and_mask(p, PN5180_SYSTEM_CONFIG, 0xFFFFFFF8UL) < 0) return -1;
  if (pn5180_or_mask(p, PN5180_SYSTEM_CONFIG, 0x00000003UL) < 0) return -1;
  return pn5180_write_register(p, PN5180_IRQ_CLEAR, 0x000FFFFFUL);
}

/* The answer in the current slot: 1 with a UID, 0 none, 2 a collision (or a garbled answer), -1 chip fault. */
static int slot_answer(const pn5180 *p, mj_uid *uid) {
  uint32_t st, irq = 0, rx;
  p->spi->delay_us(p->spi->ctx, PN5180_SLOT_WAIT_US);
  if (pn5180_read_register(p, PN5180_RF_STATUS, &st) < 0) return -1;
  if (((st >> 24) & 7) != PN5180_STATE_RECEIVING && pn5180_read_register(p, PN5180_IRQ_STATUS, &irq) == 0 && !(irq & PN5180_RX_IRQ)) return 0;
  for (uint16_t i = 0; !(irq & PN5180_RX_IRQ); i++) {
    if (i == PN5180_RX_POLLS) return 2; /* an answer began and never ended */
    if (pn5180_read_register(p, PN5180_IRQ_STATUS, &irq) < 0) return -1;
    if (!(irq & PN5180_RX_IRQ)) p->spi->delay_us(p->spi->ctx, 50);
  }
  if (pn5180_read_register(p, PN5180_RX_STATUS, &rx) < 0) return -1;
  if (rx & PN5180_RX_COLLISION) return 2;
  if ((rx & 0x1FF) < 10) return 2;
  /* ISO/IEC 15693-3 §10.3.1 INVENTORY response: flags, DSFID, UID (8 bytes, least significant first); CRC checked and removed by the chip */
  uint8_t r[10];
  if (pn5180_read_data(p, r, 10) < 0) return -1;
  if (r[0] & 0x01) return 2; /* error flag */
  if (!mj_uid_set(uid, r + 2, 8, 1) || uid->b[0] != 0xE0) return 2;
  return 1;
}

/* One 16-slot round (mask_len 0 or 4 bits); appends UIDs, marks collided slots in *coll (bit per slot). */
static int round16(const pn5180 *p, uint8_t mask_len, uint8_t mask, mjr_read *reads, uint8_t cap, uint8_t *n, uint16_t *coll, uint8_t *lost) {
  /* ISO/IEC 15693-3 §10.3.1: flags 0x06 = high data rate + inventory, 16 slots; command 0x01; mask length; mask */
  uint8_t req[4] = {0x06, 0x01, mask_len, mask};
  *coll = 0;
  if (arm(p) < 0 || pn5180_send_data(p, 0, req, mask_len ? 4 : 3) < 0) return -1;
  for (uint8_t slot = 0; slot < 16; slot++) {
    mj_uid uid;
    int a = slot_answer(p, &uid);
    if (a < 0) return -1;
    if (a == 2) *coll |= (uint16_t)(1u << slot);
    if (a == 1) {
      int dup = 0;
      for (uint8_t k = 0; k < *n; k++)
        if (reads[k].uid.len == 8 && memcmp(reads[k].uid.b, uid.b, 8) == 0) dup = 1;
      if (!dup && *n < cap) {
        reads[*n].uid = uid;
        reads[*n].rssi = MJ_RSSI_NONE;
        (*n)++;
      } else if (!dup) {
        (*lost)++;
      }
    }
    if (slot == 15) break;
    /* the next slot: an EOF alone (AN12650: TX_CONFIG bits 10, 7, 6 cleared), sent by an empty SEND_DATA */
    if (pn5180_and_mask(p, PN5180_TX_CONFIG, 0xFFFFFB3FUL) < 0 || arm(p) < 0 || pn5180_send_data(p, 0, NULL, 0) < 0) return -1;
  }
  return 0;
}

mjr_inv pn5180_inventory(const pn5180 *p, mjr_read *reads, uint8_t cap) {
  mjr_inv inv = {0, 0, 0};
  uint8_t n = 0, lost = 0;
  uint16_t coll;
  uint8_t cfg[3] = {PN5180_LOAD_RF_CONFIG, 0x0D, 0x8D}, on[2] = {PN5180_RF_ON, 0x00}, off[2] = {PN5180_RF_OFF, 0x00};
  if (frame(p, cfg, 3) < 0 || frame(p, on, 2) < 0) { inv.fault = 1; return inv; }
  p->spi->delay_us(p->spi->ctx, 1000); /* ISO/IEC 15693-3 §7: a VICC is ready 1 ms after the field is on */
  if (round16(p, 0, 0, reads, cap, &n, &coll, &lost) < 0) { inv.fault = 1; return inv; }
  for (uint8_t s = 0; s < 16; s++) {
    uint16_t sub;
    if (!(coll & (1u << s))) continue;
    /* ISO/IEC 15693-3 §8.3: the tags that collided in slot s share the low 4 UID bits s; ask them alone */
    if (round16(p, 4, s, reads, cap, &n, &sub, &lost) < 0) { inv.fault = 1; return inv; }
    for (uint8_t k = 0; k < 16; k++) inv.collisions += (uint8_t)((sub >> k) & 1);
  }
  frame(p, off, 2);
  inv.n = n;
  inv.collisions += lost;
  return inv;
}
