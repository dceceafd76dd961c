/* NXP MFRC522 ISO 14443A driver: see mfrc522.h for the data sheet sections followed. */
#include "mfrc522.h"

uint8_t mfrc522_read(const mfrc522 *c, uint8_t reg) {
  uint8_t tx[2] = {(uint8_t)(0x80 | ((reg << 1) & 0x7E)), 0x00}, rx[2] = {0, 0};
  c->spi->xfer(c->spi->ctx, c->dev, tx, rx, 2);
  return rx[1];
}

void mfrc522_write(const mfrc522 *c, uint8_t reg, uint8_t v) {
  uint8_t tx[2] = {(uint8_t)((reg << 1) & 0x7E), v};
  c->spi->xfer(c->spi->ctx, c->dev, tx, NULL, 2);
}

void mfrc522_crc_a(const uint8_t *data, size_t n, uint8_t out[2]) {
  uint16_t crc = 0x6363;
  for (size_t i = 0; i < n; i++) {
    uint8_t b = (uint8_t)(data[i] ^ (uint8_t)crc);
    b = (uint8_t)(b ^ (b << 4));
    crc = (uint16_t)((crc >> 8) ^ ((uint16_t)b << 8) ^ ((uint16_t)b << 3) ^ (b >> 4));
  }
  out[0] = (uint8_t)crc;
  out[1] = (uint8_t)(crc >> 8);
}

int mfrc522_init(const mfrc522 *c) {
  mfrc522_write(c, MFRC522_CommandReg, MFRC522_CMD_SOFTRESET);
  c->spi->delay_us(c->spi->ctx, 50); /* §8.8.2: the oscillator restarts in about 37.74 us */
  uint8_t v = mfrc522_read(c, MFRC522_VersionReg);
  if (v != 0x91 && v != 0x92 && v != 0x88 && v != 0xB2) return -1;
  /* §9.3.3.10: TAuto, prescaler 0A9h (fTimer = 13.56 MHz / (2 * 169 + 1) = 40 kHz), reload 40: 1 ms */
  mfrc522_write(c, MFRC522_TModeReg, 0x80);
  mfrc522_write(c, MFRC522_TPrescalerReg, 0xA9);
  mfrc522_write(c, MFRC522_TReloadRegH, 0x00);
  mfrc522_write(c, MFRC522_TReloadRegL, 40);
  mfrc522_write(c, MFRC522_TxASKReg, 0x40); /* Force100ASK */
  mfrc522_write(c, MFRC522_ModeReg, 0x3D);  /* CRC preset 6363h */
  return 0;
}

/* §10.3.1.8 Transceive: FIFO flushed and filled, StartSend, wait for RxIRq / IdleIRq or the timer.
   bits: valid bits of the last byte sent (0 = 8); rx_align: where the first received bit lands.
   *len: bytes received. Returns 0 an answer, 1 no answer, 2 a collision (*coll_pos: its bit, 1-based,
   counted from the first bit of the frame's UID CLn), -1 an error or a chip that does not end the command. */
static int transceive(const mfrc522 *c, const uint8_t *tx, uint8_t n, uint8_t bits, uint8_t rx_align, uint8_t *rx, uint8_t cap, uint8_t *len, uint8_t *coll_pos) {
  *len = 0;
  mfrc522_write(c, MFRC522_CommandReg, MFRC522_CMD_IDLE);
  mfrc522_write(c, MFRC522_ComIrqReg, 0x7F);    /* clear every IRQ */
  mfrc522_write(c, MFRC522_FIFOLevelReg, 0x80); /* FlushBuffer */
  for (uint8_t i = 0; i < n; i++) mfrc522_write(c, MFRC522_FIFODataReg, tx[i]);
  mfrc522_write(c, MFRC522_BitFramingReg, (uint8_t)((rx_align << 4) | bits));
  mfrc522_write(c, MFRC522_CommandReg, MFRC522_CMD_TRANSCEIVE);
  mfrc522_write(c, MFRC522_BitFramingReg, (uint8_t)(0x80 | (rx_align << 4) | bits)); /* StartSend */
  for (uint16_t i = 0;; i++) {
    uint8_t irq = mfrc522_read(c, MFRC522_ComIrqReg);
    if (irq & (MFRC522_IRQ_RX | MFRC522_IRQ_IDLE)) break;
    if (irq & MFRC522_IRQ_TIMER) return 1; /* no answer within the timer's 1 ms */
    if (i == MFRC522_POLLS) return -1;
    c->spi->delay_us(c->spi->ctx, 10);
  }
  mfrc522_write(c, MFRC522_BitFramingReg, 0x00);
  uint8_t err = mfrc522_read(c, MFRC522_ErrorReg);
  if (err & MFRC522_ERR_BAD) return -1;
  uint8_t level = mfrc522_read(c, MFRC522_FIFOLevelReg);
  if (level > cap) return -1;
  for (uint8_t i = 0; i < level; i++) rx[i] = mfrc522_read(c, MFRC522_FIFODataReg);
  *len = level;
  if (err & MFRC522_ERR_COLL) {
    uint8_t cr = mfrc522_read(c, MFRC522_CollReg);
    if (cr & 0x20) return -1; /* CollPosNotValid */
    *coll_pos = (cr & 0x1F) ? (cr & 0x1F) : 32;
    return 2;
  }
  return 0;
}

/* Reads the UID of one tag in the READY state through every cascade level (ISO/IEC 14443-3 §6.4.3),
   taking the 1-branch at each collision. Returns 1 with uid set, 0 no tag answered, -1 an error. */
static int select_one(const mfrc522 *c, mj_uid *uid) {
  static const uint8_t sel_cmd[3] = {0x93, 0x95, 0x97};
  uint8_t got = 0; /* UID bytes so far */
  for (uint8_t level = 0; level < 3; level++) {
    uint8_t cl[5] = {0, 0, 0, 0, 0}; /* UID CLn and BCC */
    uint8_t known = 0;               /* bits of cl known */
    mfrc522_write(c, MFRC522_CollReg, 0x00); /* ValuesAfterColl = 0: the bits after a collision read 0 */
    for (;;) {
      uint8_t full = known / 8, bits = known % 8, tx[7], rx[6], len = 0, coll = 0;
      tx[0] = sel_cmd[level];
      tx[1] = (uint8_t)(((2 + full) << 4) | bits); /* NVB: whole bytes sent (SEL and NVB included) and extra bits */
      memcpy(tx + 2, cl, (size_t)full + (bits ? 1 : 0));
      int r = transceive(c, tx, (uint8_t)(2 + full + (bits ? 1 : 0)), bits, bits, rx, sizeof rx, &len, &coll);
      if (r == 1) return got ? -1 : 0;
      if (r < 0) return -1;
      /* the answer goes on from bit `known`: its first byte continues the partial byte sent */
      uint8_t low = (uint8_t)((1u << bits) - 1);
      for (uint8_t i = 0; i < len && full + i < 5; i++) cl[full + i] = i == 0 && bits ? (uint8_t)((cl[full] & low) | (rx[0] & (uint8_t)~low)) : rx[i];
      if (r == 0) break;
      if (coll <= known || coll > 32) return -1;
      uint8_t pos = (uint8_t)(coll - 1); /* 0-based: bits before it agree; take the tags with a 1 there */
      cl[pos / 8] = (uint8_t)((cl[pos / 8] & ((1u << (pos % 8)) - 1)) | (1u << (pos % 8)));
      for (uint8_t i = (uint8_t)(pos / 8 + 1); i < 5; i++) cl[i] = 0;
      known = coll;
    }
    if ((cl[0] ^ cl[1] ^ cl[2] ^ cl[3]) != cl[4]) return -1; /* BCC */
    uint8_t sel[9] = {sel_cmd[level], 0x70, cl[0], cl[1], cl[2], cl[3], cl[4], 0, 0}, sak[3], len = 0, coll = 0;
    mfrc522_crc_a(sel, 7, sel + 7);
    if (transceive(c, sel, 9, 0, 0, sak, sizeof sak, &len, &coll) != 0 || len != 3) return -1;
    uint8_t crc[2];
    mfrc522_crc_a(sak, 1, crc);
    if (crc[0] != sak[1] || crc[1] != sak[2]) return -1;
    int cascade = cl[0] == 0x88; /* cascade tag: 3 UID bytes here, the rest at the next level */
    if (cascade != ((sak[0] & 0x04) != 0)) return -1;
    for (uint8_t i = cascade ? 1 : 0; i < 4; i++) uid->b[got++] = cl[i];
    if (!cascade) {
      uid->len = got;
      return got == 4 || got == 7 || got == 10 ? 1 : -1;
    }
  }
  return -1;
}

mjr_inv mfrc522_inventory(const mfrc522 *c, mjr_read *reads, uint8_t cap) {
  mjr_inv inv = {0, 0, 0};
  if (mfrc522_read(c, MFRC522_TModeReg) != 0x80) { /* lost its setup (a reset, a brown-out) or absent */
    if (mfrc522_init(c) < 0) { inv.fault = 1; return inv; }
  }
  mfrc522_write(c, MFRC522_TxControlReg, 0x83); /* Tx1RFEn | Tx2RFEn: field on */
  c->spi->delay_us(c->spi->ctx, MFRC522_FIELD_US);
  for (uint8_t k = 0; k < 4; k++) { /* at most 4 tags on one slot antenna */
    uint8_t reqa = 0x26, atqa[2], len = 0, coll = 0;
    /* REQA (7 bits) wakes the tags in IDLE, not the ones halted below; ATQAs may collide harmlessly */
    int r = transceive(c, &reqa, 1, 7, 0, atqa, sizeof atqa, &len, &coll);
    if (r == 1) break; /* nobody left in IDLE */
    if (r < 0) { inv.collisions++; break; }
    mj_uid uid;
    int s = select_one(c, &uid);
    if (s <= 0) { if (s < 0) inv.collisions++; break; }
    if (inv.n < cap) { reads[inv.n].uid = uid; reads[inv.n].rssi = MJ_RSSI_NONE; inv.n++; }
    uint8_t hlta[4] = {0x50, 0x00, 0, 0}, none[1];
    mfrc522_crc_a(hlta, 2, hlta + 2);
    transceive(c, hlta, 4, 0, 0, none, sizeof none, &len, &coll); /* HLTA: no answer; the tag sleeps until the field goes */
  }
  mfrc522_write(c, MFRC522_TxControlReg, 0x80); /* field off: the halted tags reset */
  return inv;
}
