/*
 * The hardware abstraction of the reference reader firmware (firmware/README.md): everything the
 * hardware-independent core (mjr_core.h) asks of a board. C99, no allocation.
 *
 * A board fills one mjr_hal and passes it to mjr_init(). The core calls it only from mjr_begin(),
 * mjr_tick() and mjr_rx() / mjr_rx_piece(), never from an interrupt.
 */
#ifndef MJR_HAL_H
#define MJR_HAL_H

#include <stddef.h>
#include <stdint.h>

#ifndef MJ_MAX_TAGS
#define MJ_MAX_TAGS 1 /* the core decodes only CMD lines from the hub: no SNAP or HELLO is ever held */
#endif
#ifndef MJ_MAX_ZONES
#define MJ_MAX_ZONES 1
#endif
#include "../../firmware-protocol/c/mj_proto.h"

/* What one antenna read in one inventory: the tag's UID (most significant byte first, PROTOCOL.md
   §5.0: an ISO 15693 UID already reversed with mj_uid_set(..., 1)) and its signal strength in dBm
   (-128..0), or MJ_RSSI_NONE when the front end does not measure it (MFRC522). */
typedef struct {
  mj_uid uid;
  int8_t rssi;
} mjr_read;

/* The result of one inventory of one antenna. */
typedef struct {
  uint8_t n;          /* reads written (at most the cap given) */
  uint8_t collisions; /* tags that answered but whose UID could not be read whole (ERR code=6) */
  uint8_t fault;      /* 1: the front end did not answer (chip, antenna, bus): ERR code=5 */
} mjr_inv;

typedef struct {
  /* Runs one inventory of antenna `antenna` (0-based, board numbering) and writes up to `cap` reads.
     Blocking; it takes what the front end takes (README "Scan period"). */
  mjr_inv (*inventory)(void *ctx, uint8_t antenna, mjr_read *reads, uint8_t cap);
  /* Sends n bytes to the hub: a whole line with its "\n" (serial), or one BLE piece (BLE mode).
     Returns the bytes accepted; fewer than n means the output buffer was full (ERR code=7 follows). */
  size_t (*send)(void *ctx, const uint8_t *bytes, size_t n);
  /* The identify LED (CMD blink): 1 on, 0 off. May be NULL. */
  void (*led)(void *ctx, uint8_t on);
  void *ctx;
} mjr_hal;

#endif /* MJR_HAL_H */
