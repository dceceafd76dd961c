/*
 * NXP PN5180 driver, ISO/IEC 15693 inventory only (the ISO 15693 build, firmware/README.md).
 * Register level, written from the PN5180 data sheet (PN5180A0XX-C1/C2, Rev. 3.x):
 *   §11.4.1   host interface, SPI: one frame per chip select, wait for BUSY low before the next frame,
 *             a response is clocked out in its own frame after BUSY falls;
 *   §11.4.3.3 host interface command list: WRITE_REGISTER 0x00, WRITE_REGISTER_OR_MASK 0x01,
 *             WRITE_REGISTER_AND_MASK 0x02, READ_REGISTER 0x04, READ_EEPROM 0x07, SEND_DATA 0x09,
 *             READ_DATA 0x0A, LOAD_RF_CONFIG 0x11, RF_ON 0x16, RF_OFF 0x17 (registers are 32-bit,
 *             little endian on the wire);
 *   §11.5     registers: SYSTEM_CONFIG 0x00 (bits 2..0 command: 0 idle, 3 transceive), IRQ_STATUS 0x02
 *             (bit 0 RX_IRQ), IRQ_CLEAR 0x03, RX_STATUS 0x13 (bits 8..0 bytes received, bit 18
 *             collision), TX_CONFIG 0x18 (clearing bits 10, 7, 6 sends only an EOF), RF_STATUS 0x1D
 *             (bits 26..24 TRANSCEIVE_STATE, 5 = receiving);
 *   §11.8.6   LOAD_RF_CONFIG 0x0D / 0x8D: ISO 15693 ASK100 26 kbit/s transmit, 26 kbit/s receive;
 * and the inventory sequence of NXP application note AN12650 ("Using the PN5180 without library"),
 * with the 16-slot INVENTORY and EOF-only slot markers of ISO/IEC 15693-3 §8.2, one round of mask
 * resolution for a slot that collided (§8.3: mask = the slot number, 4 bits).
 * NOT RUN ON HARDWARE: tested only against the register-level fake (test/fake_pn5180.h).
 */
#ifndef PN5180_H
#define PN5180_H

#include "../core/mjr_hal.h"
#include "mjr_spi.h"

#define PN5180_WRITE_REGISTER 0x00
#define PN5180_WRITE_REGISTER_OR_MASK 0x01
#define PN5180_WRITE_REGISTER_AND_MASK 0x02
#define PN5180_READ_REGISTER 0x04
#define PN5180_READ_EEPROM 0x07
#define PN5180_SEND_DATA 0x09
#define PN5180_READ_DATA 0x0A
#define PN5180_LOAD_RF_CONFIG 0x11
#define PN5180_RF_ON 0x16
#define PN5180_RF_OFF 0x17

#define PN5180_SYSTEM_CONFIG 0x00
#define PN5180_IRQ_STATUS 0x02
#define PN5180_IRQ_CLEAR 0x03
#define PN5180_RX_STATUS 0x13
#define PN5180_TX_CONFIG 0x18
#define PN5180_RF_STATUS 0x1D
#define PN5180_STATE_RECEIVING 5

#define PN5180_RX_IRQ 0x00000001UL
#define PN5180_RX_COLLISION (1UL << 18)
#define PN5180_EEPROM_PRODUCT_VERSION 0x10

#define PN5180_BUSY_POLLS 2000 /* x 10 us: 20 ms for BUSY to fall, else the chip is taken as absent */
#define PN5180_SLOT_WAIT_US 700 /* after a slot starts: t1 (4352/fc = 320.9 us, ISO/IEC 15693-3 §9.1) + an answer's SOF (151 us) + margin; not receiving by then = empty slot */
#define PN5180_RX_POLLS 100     /* x 50 us: 5 ms for an answer being received to end (12 bytes at 26.48 kbit/s = 3.6 ms + SOF + EOF) */

typedef struct {
  const mjr_spi *spi;
  uint8_t dev; /* chip select number of this PN5180 on the bus */
} pn5180;

/* Register access (§11.4.3.3); each returns 0, or -1 when BUSY did not fall (no chip, no power). */
int pn5180_write_register(const pn5180 *p, uint8_t reg, uint32_t value);
int pn5180_or_mask(const pn5180 *p, uint8_t reg, uint32_t mask);
int pn5180_and_mask(const pn5180 *p, uint8_t reg, uint32_t mask);
int pn5180_read_register(const pn5180 *p, uint8_t reg, uint32_t *value);
int pn5180_read_eeprom(const pn5180 *p, uint8_t addr, uint8_t *out, uint8_t n);
int pn5180_send_data(const pn5180 *p, uint8_t last_bits, const uint8_t *data, uint8_t n);
int pn5180_read_data(const pn5180 *p, uint8_t *out, uint8_t n);

/* 1 when the chip answers with a plausible product version (not 0x0000 or 0xFFFF). */
int pn5180_present(const pn5180 *p);

/* One ISO 15693 inventory (16 slots, then a masked round for each slot that collided): the field is
   switched on, the UIDs read (reversed to most significant byte first, PROTOCOL.md §5.0) into reads,
   the field switched off. No signal strength (rssi = MJ_RSSI_NONE). */
mjr_inv pn5180_inventory(const pn5180 *p, mjr_read *reads, uint8_t cap);

#endif /* PN5180_H */
