/*
 * A register-level fake of the MFRC522 for host tests of drivers/mfrc522.c: it decodes the SPI
 * address bytes (data sheet §8.1.2.3), keeps the registers and the 64-byte FIFO, runs Transceive when
 * StartSend is set, and answers from the ISO 14443A tags in its field as ISO/IEC 14443-3 §6 has them:
 * REQA / WUPA (ATQA), ANTICOLLISION with bit-oriented frames (a collision sets CollErr and CollReg's
 * CollPos, counted from the first bit of UID CLn; the bits after it read 0), SELECT (SAK, cascade bit),
 * HLTA. No answer sets TimerIRq. It counts the driver's protocol errors (a transceive with the field
 * off, an anticollision with ValuesAfterColl still 1, a bad CRC_A) and logs every SPI transaction.
 */
#ifndef FAKE_MFRC522_H
#define FAKE_MFRC522_H

#include <stdio.h>
#include "../drivers/mfrc522.h"

#define FMF_TAGS 4
enum { FMF_IDLE, FMF_READY, FMF_ACTIVE, FMF_HALT };

typedef struct {
  uint8_t absent;
  uint8_t reg[64];
  uint8_t fifo[64];
  uint8_t fifo_len, fifo_pos;
  uint8_t ntags;
  mj_uid uid[FMF_TAGS];
  uint8_t state[FMF_TAGS], level[FMF_TAGS];
  int errors;
  uint32_t transceives;
  char log[16384];
  size_t log_len;
  uint8_t logging;
} fake_mfrc522;

static inline void fmf_reset(fake_mfrc522 *f) {
  memset(f->reg, 0, sizeof f->reg);
  f->reg[MFRC522_CollReg] = 0xA0; /* reset value 101x xxxx: ValuesAfterColl = 1 */
  f->reg[MFRC522_VersionReg] = 0x92;
  f->reg[MFRC522_TxControlReg] = 0x80;
  f->fifo_len = f->fifo_pos = 0;
}

static inline void fmf_init(fake_mfrc522 *f) {
  memset(f, 0, sizeof *f);
  fmf_reset(f);
}

static inline void fmf_tag(fake_mfrc522 *f, const char *hex) {
  mj_uid *u = &f->uid[f->ntags];
  size_t n = strlen(hex);
  for (size_t i = 0; i + 1 < n; i += 2) u->b[i / 2] = (uint8_t)(mj_hexval(hex[i]) << 4 | mj_hexval(hex[i + 1]));
  u->len = (uint8_t)(n / 2);
  f->state[f->ntags] = FMF_IDLE;
  f->ntags++;
}

static inline void fmf_err(fake_mfrc522 *f, const char *what) {
  f->errors++;
  if (f->logging) {
    int k = snprintf(f->log + f->log_len, sizeof f->log - f->log_len, "! %s\n", what);
    if (k > 0) f->log_len += (size_t)k;
  }
}

/* UID CLn and BCC of tag t at cascade level l */
static inline void fmf_cl(const fake_mfrc522 *f, int t, int l, uint8_t cl[5]) {
  const mj_uid *u = &f->uid[t];
  int levels = u->len == 4 ? 1 : u->len == 7 ? 2 : 3;
  if (l < levels - 1) { cl[0] = 0x88; memcpy(cl + 1, u->b + 3 * l, 3); }
  else memcpy(cl, u->b + 3 * l, 4);
  cl[4] = (uint8_t)(cl[0] ^ cl[1] ^ cl[2] ^ cl[3]);
}

static inline int fmf_bit(const uint8_t *b, int i) { return (b[i / 8] >> (i % 8)) & 1; }

static inline void fmf_answer(fake_mfrc522 *f, const uint8_t *b, uint8_t n) {
  memcpy(f->fifo, b, n);
  f->fifo_len = n;
  f->fifo_pos = 0;
  f->reg[MFRC522_ComIrqReg] |= MFRC522_IRQ_RX | MFRC522_IRQ_IDLE;
}

static inline void fmf_transceive(fake_mfrc522 *f) {
  uint8_t frame[64], n = (uint8_t)(f->fifo_len - f->fifo_pos);
  uint8_t bits = f->reg[MFRC522_BitFramingReg] & 7, align = (f->reg[MFRC522_BitFramingReg] >> 4) & 7;
  memcpy(frame, f->fifo + f->fifo_pos, n);
  f->fifo_len = f->fifo_pos = 0;
  f->reg[MFRC522_ErrorReg] = 0;
  f->transceives++;
  if ((f->reg[MFRC522_TxControlReg] & 3) != 3) { fmf_err(f, "transceive with the field off"); f->reg[MFRC522_ComIrqReg] |= MFRC522_IRQ_TIMER; return; }
  if (n == 1 && bits == 7 && (frame[0] == 0x26 || frame[0] == 0x52)) {
    int any = 0;
    for (int t = 0; t < f->ntags; t++)
      if (f->state[t] == FMF_IDLE || (frame[0] == 0x52 && f->state[t] == FMF_HALT)) { f->state[t] = FMF_READY; f->level[t] = 0; any = 1; }
    uint8_t atqa[2] = {0x44, 0x00};
    if (any) fmf_answer(f, atqa, 2);
    else f->reg[MFRC522_ComIrqReg] |= MFRC522_IRQ_TIMER;
    return;
  }
  if (n >= 2 && (frame[0] == 0x93 || frame[0] == 0x95 || frame[0] == 0x97)) {
    int l = (frame[0] - 0x93) / 2;
    if (frame[1] == 0x70) {
      uint8_t crc[2], cl[5];
      mfrc522_crc_a(frame, 7, crc);
      if (n != 9 || crc[0] != frame[7] || crc[1] != frame[8]) { fmf_err(f, "SELECT with a bad CRC_A"); f->reg[MFRC522_ComIrqReg] |= MFRC522_IRQ_TIMER; return; }
      /* every READY tag whose UID CLn matches answers (identically: the same SAK) and goes on; the others go back to IDLE */
      int chosen = 0;
      for (int t = 0; t < f->ntags; t++) {
        if (f->state[t] != FMF_READY || f->level[t] != l) continue;
        fmf_cl(f, t, l, cl);
        if (memcmp(cl, frame + 2, 5) != 0) { f->state[t] = FMF_IDLE; continue; }
        chosen = 1;
        if (cl[0] == 0x88) f->level[t]++;
        else f->state[t] = FMF_ACTIVE;
      }
      if (!chosen) { f->reg[MFRC522_ComIrqReg] |= MFRC522_IRQ_TIMER; return; }
      memcpy(cl, frame + 2, 5);
      uint8_t sak[3] = {(uint8_t)(cl[0] == 0x88 ? 0x04 : 0x08), 0, 0};
      mfrc522_crc_a(sak, 1, sak + 1);
      fmf_answer(f, sak, 3);
      return;
    }
    if (f->reg[MFRC522_CollReg] & 0x80) fmf_err(f, "anticollision with ValuesAfterColl = 1");
    int known = ((frame[1] >> 4) - 2) * 8 + (frame[1] & 15);
    if (known < 0 || known > 39 || (frame[1] & 15) != bits || align != bits) { fmf_err(f, "bad NVB or bit framing"); f->reg[MFRC522_ComIrqReg] |= MFRC522_IRQ_TIMER; return; }
    uint8_t cls[FMF_TAGS][5];
    int resp[FMF_TAGS], nr = 0;
    for (int t = 0; t < f->ntags; t++) {
      if (f->state[t] != FMF_READY || f->level[t] != l) continue;
      fmf_cl(f, t, l, cls[nr]);
      int match = 1;
      for (int i = 0; i < known; i++) if (fmf_bit(cls[nr], i) != fmf_bit(frame + 2, i)) match = 0;
      if (match) resp[nr++] = t;
    }
    (void)resp;
    if (nr == 0) { f->reg[MFRC522_ComIrqReg] |= MFRC522_IRQ_TIMER; return; }
    uint8_t out[6] = {0, 0, 0, 0, 0, 0};
    int coll = -1;
    for (int i = known; i < 40; i++) {
      int v = fmf_bit(cls[0], i), differ = 0;
      for (int k = 1; k < nr; k++) differ |= fmf_bit(cls[k], i) != v;
      if (differ) { coll = i; break; }
      int o = i - known + align;
      if (v) out[o / 8] |= (uint8_t)(1u << (o % 8));
    }
    int last = coll >= 0 ? coll : 39; /* bits through `last` were received */
    uint8_t nbytes = (uint8_t)((align + (last - known + 1) + 7) / 8);
    fmf_answer(f, out, nbytes);
    if (coll >= 0) {
      f->reg[MFRC522_ErrorReg] |= MFRC522_ERR_COLL;
      f->reg[MFRC522_CollReg] = (uint8_t)((f->reg[MFRC522_CollReg] & 0x80) | ((coll + 1) & 0x1F));
    }
    return;
  }
  if (n == 4 && frame[0] == 0x50 && frame[1] == 0x00) {
    uint8_t crc[2];
    mfrc522_crc_a(frame, 2, crc);
    if (crc[0] != frame[2] || crc[1] != frame[3]) fmf_err(f, "HLTA with a bad CRC_A");
    for (int t = 0; t < f->ntags; t++) if (f->state[t] == FMF_ACTIVE) f->state[t] = FMF_HALT;
    f->reg[MFRC522_ComIrqReg] |= MFRC522_IRQ_TIMER;
    return;
  }
  fmf_err(f, "a frame the fake does not model");
  f->reg[MFRC522_ComIrqReg] |= MFRC522_IRQ_TIMER;
}

static inline void fmf_write(fake_mfrc522 *f, uint8_t reg, uint8_t v) {
  switch (reg) {
    case MFRC522_CommandReg:
      if ((v & 15) == MFRC522_CMD_SOFTRESET) { fmf_reset(f); return; }
      f->reg[reg] = v;
      return;
    case MFRC522_ComIrqReg:
      if (v & 0x80) f->reg[reg] |= (uint8_t)(v & 0x7F);
      else f->reg[reg] &= (uint8_t)~v;
      return;
    case MFRC522_FIFOLevelReg:
      if (v & 0x80) f->fifo_len = f->fifo_pos = 0;
      return;
    case MFRC522_FIFODataReg:
      if (f->fifo_len < 64) f->fifo[f->fifo_len++] = v;
      return;
    case MFRC522_BitFramingReg:
      f->reg[reg] = (uint8_t)(v & 0x7F);
      if ((v & 0x80) && (f->reg[MFRC522_CommandReg] & 15) == MFRC522_CMD_TRANSCEIVE) fmf_transceive(f);
      return;
    case MFRC522_TxControlReg:
      if ((f->reg[reg] & 3) == 3 && (v & 3) != 3)
        for (int t = 0; t < f->ntags; t++) f->state[t] = FMF_IDLE; /* the field went: every tag resets */
      f->reg[reg] = v;
      return;
    default:
      f->reg[reg] = v;
  }
}

static inline uint8_t fmf_read(fake_mfrc522 *f, uint8_t reg) {
  if (reg == MFRC522_FIFODataReg) return f->fifo_pos < f->fifo_len ? f->fifo[f->fifo_pos++] : 0;
  if (reg == MFRC522_FIFOLevelReg) return (uint8_t)(f->fifo_len - f->fifo_pos);
  return f->reg[reg];
}

/* mjr_spi.xfer over several fakes behind the multiplexer: ctx = fake_mfrc522 array, dev = channel. */
static inline void fmf_xfer(void *ctx, uint8_t dev, const uint8_t *tx, uint8_t *rx, size_t n) {
  fake_mfrc522 *f = (fake_mfrc522 *)ctx + dev;
  if (f->absent) { if (rx) memset(rx, 0xFF, n); return; }
  if (f->logging) {
    f->log_len += (size_t)snprintf(f->log + f->log_len, sizeof f->log - f->log_len, "%c", tx[0] & 0x80 ? 'R' : 'W');
    for (size_t i = 0; i < n && f->log_len + 8 < sizeof f->log; i++) f->log_len += (size_t)snprintf(f->log + f->log_len, sizeof f->log - f->log_len, " %02X", tx[i]);
  }
  uint8_t addr = (uint8_t)((tx[0] >> 1) & 0x3F);
  if (tx[0] & 1) fmf_err(f, "address byte with bit 0 set");
  if (tx[0] & 0x80) {
    /* §8.1.2.1 read: each byte out names the next register; its value comes back on the next byte */
    if (rx) rx[0] = 0;
    for (size_t i = 1; i < n; i++) {
      uint8_t v = fmf_read(f, addr);
      if (rx) rx[i] = v;
      addr = (uint8_t)((tx[i] >> 1) & 0x3F);
    }
    if (f->logging && rx && n == 2) f->log_len += (size_t)snprintf(f->log + f->log_len, sizeof f->log - f->log_len, " -> %02X", rx[1]);
  } else {
    if (rx) memset(rx, 0, n);
    for (size_t i = 1; i < n; i++) fmf_write(f, addr, tx[i]);
  }
  if (f->logging && f->log_len + 1 < sizeof f->log) f->log[f->log_len++] = '\n';
}

#endif /* FAKE_MFRC522_H */
