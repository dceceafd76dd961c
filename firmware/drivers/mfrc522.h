/*
 * NXP MFRC522 driver, ISO/IEC 14443A UIDs only (the ISO 14443A build, firmware/README.md: one
 * MFRC522 per tile slot, behind an analog multiplexer that routes the chip select).
 * Register level, written from the MFRC522 data sheet (Rev. 3.9):
 *   §8.1.2.3  SPI address byte: bit 7 = 1 read / 0 write, bits 6..1 the register, bit 0 = 0;
 *   §9.3      registers: CommandReg 01h, ComIrqReg 04h, ErrorReg 06h, FIFODataReg 09h, FIFOLevelReg 0Ah,
 *             ControlReg 0Ch, BitFramingReg 0Dh, CollReg 0Eh, ModeReg 11h, TxControlReg 14h,
 *             TxASKReg 15h, TModeReg 2Ah, TPrescalerReg 2Bh, TReloadReg 2Ch/2Dh, VersionReg 37h;
 *   §10.3     commands: Idle 0h, Transceive Ch, SoftReset Fh;
 * and the frames of ISO/IEC 14443-3 §6.4 (type A): REQA (26h, 7 bits), ANTICOLLISION (93h/95h/97h 20h
 * and the bit-oriented frames after a collision, NVB = known bits), SELECT (93h/95h/97h 70h, UID CLn,
 * BCC, CRC_A), HLTA (50h 00h CRC_A); CRC_A of Annex B (computed here, not by the chip).
 * NOT RUN ON HARDWARE: tested only against the register-level fake (test/fake_mfrc522.h).
 */
#ifndef MFRC522_H
#define MFRC522_H

#include "../core/mjr_hal.h"
#include "mjr_spi.h"

#define MFRC522_CommandReg 0x01
#define MFRC522_ComIrqReg 0x04
#define MFRC522_ErrorReg 0x06
#define MFRC522_FIFODataReg 0x09
#define MFRC522_FIFOLevelReg 0x0A
#define MFRC522_ControlReg 0x0C
#define MFRC522_BitFramingReg 0x0D
#define MFRC522_CollReg 0x0E
#define MFRC522_ModeReg 0x11
#define MFRC522_TxControlReg 0x14
#define MFRC522_TxASKReg 0x15
#define MFRC522_TModeReg 0x2A
#define MFRC522_TPrescalerReg 0x2B
#define MFRC522_TReloadRegH 0x2C
#define MFRC522_TReloadRegL 0x2D
#define MFRC522_VersionReg 0x37

#define MFRC522_CMD_IDLE 0x00
#define MFRC522_CMD_TRANSCEIVE 0x0C
#define MFRC522_CMD_SOFTRESET 0x0F

#define MFRC522_IRQ_TIMER 0x01
#define MFRC522_IRQ_IDLE 0x10
#define MFRC522_IRQ_RX 0x20
#define MFRC522_ERR_COLL 0x08
#define MFRC522_ERR_BAD 0x13 /* BufferOvfl | ParityErr | ProtocolErr */

#define MFRC522_POLLS 200    /* x 10 us: 2 ms for a transceive to end; the chip's own timer ends it after 1 ms */
#define MFRC522_FIELD_US 5000 /* ISO/IEC 14443-2 §6.2 / -3 §6.1: a PICC is ready 5 ms after the field is on */

typedef struct {
  const mjr_spi *spi;
  uint8_t dev; /* multiplexer channel of this MFRC522 */
} mfrc522;

uint8_t mfrc522_read(const mfrc522 *c, uint8_t reg);
void mfrc522_write(const mfrc522 *c, uint8_t reg, uint8_t v);
/* Soft reset and setup (timer 1 ms, 100 % ASK, CRC preset 6363h); 0, or -1 when VersionReg is not an MFRC522's (91h, 92h, or 88h/B2h of common clones). */
int mfrc522_init(const mfrc522 *c);
/* One inventory: field on, REQA, anticollision through every cascade level, SELECT, HLTA, field off.
   Meant for one tile per antenna (a tile slot); up to 4 tags on one antenna (a stack on a wall) are
   told apart by the bit-oriented anticollision and halted one by one. No signal strength (rssi = MJ_RSSI_NONE). */
mjr_inv mfrc522_inventory(const mfrc522 *c, mjr_read *reads, uint8_t cap);
/* CRC_A of ISO/IEC 14443-3 Annex B (preset 6363h), low byte first into out[0..1]. */
void mfrc522_crc_a(const uint8_t *data, size_t n, uint8_t out[2]);

#endif /* MFRC522_H */
