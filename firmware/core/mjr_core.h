/*
 * The hardware-independent core of the reference reader firmware (firmware/README.md).
 * C99, no allocation, no stdio: one mjr_reader struct holds all state (its size is the RAM the
 * core needs; the board build prints it against the chip's limit).
 *
 * What it does, every line of protocol v1 (firmware-protocol/PROTOCOL.md) made here:
 *   - scans each antenna of each zone through mjr_hal.inventory(), every scan_ms;
 *   - merges the antennas of a zone: a tag read by several antennas is in the zone once, with its
 *     strongest signal; a tag read in several zones in one scan counts only in the zone of its
 *     strongest read (without signal strengths: the zone it is already present in, else the first),
 *     and one present in a zone that cannot be read this scan stays there; a read at or below
 *     weak_rssi (a neighbour's tile) keeps a present tag but never adds one;
 *   - debounces: a tag is present in a zone after present_after consecutive scans that read it there,
 *     and gone after gone_after consecutive scans that do not (ADD / DEL when that happens). A scan
 *     whose zone had a collision or a faulty antenna counts no misses for that zone; ERR code=6 / 5
 *     when an antenna starts colliding / stops answering (once, not every scan);
 *   - one sequence counter for SNAP ADD DEL HB ERR, from 0 at boot (§6), a replay ring of the recent
 *     lines (§6.1, mj_replay of mj_proto.h, MJ_REPLAY_BYTES);
 *   - HELLO and a SNAP per zone at mjr_begin() and on every CMD snap (§5.6); CMD blink, scan, replay;
 *     ERR for a command it cannot carry out (§5.7); HB every hb_ms (§5.5);
 *   - serial (whole lines) or Bluetooth LE (pieces with a header byte, §1.1, mj_ble_piece).
 */
#ifndef MJR_CORE_H
#define MJR_CORE_H

#include "mjr_hal.h"

#define MJR_FW_VERSION "1.0.0"

#ifndef MJR_MAX_ANTENNAS
#define MJR_MAX_ANTENNAS 24 /* antennas of one reader, all zones */
#endif
#ifndef MJR_MAX_ZONE_COUNT
#define MJR_MAX_ZONE_COUNT 4 /* zones of one reader */
#endif
#ifndef MJR_MAX_TRACKED
#define MJR_MAX_TRACKED 64 /* (tag, zone) pairs followed at once: present ones and candidates */
#endif
#ifndef MJR_MAX_READS
#define MJR_MAX_READS 16 /* reads one inventory of one antenna may return */
#endif
#ifndef MJR_LINE_CAP
#define MJR_LINE_CAP 1600 /* bytes of the longest line made (a SNAP of MJR_MAX_TRACKED 8-byte UIDs with rssi is 40 + 64 * 22 = 1448) */
#endif
#ifndef MJR_RX_CAP
#define MJR_RX_CAP 96 /* bytes of a hub line kept; a longer one is dropped (the longest command is about 40) */
#endif
#ifndef MJR_BLE
#define MJR_BLE 1 /* 0 leaves the BLE reassembler (4 KB) out, e.g. on an 8 KB ATmega2560 */
#endif

/* Defaults; the scan period each zone size needs is in PROTOCOL.md §5.6 and firmware/README.md. */
#define MJR_PRESENT_AFTER 2 /* N: consecutive scans that read a tag before it is present */
#define MJR_GONE_AFTER 3    /* M: consecutive scans that miss it before it is gone */
#define MJR_SCAN_MS 100     /* ms between the starts of two scans (every antenna once) */
#define MJR_HB_MS 1000      /* ms between heartbeats */

/* Codes of "ERR code=" this core sends beyond PROTOCOL.md §5.7 (vendor range 100+). */
#define MJR_ERR_TAG_TABLE_FULL 100 /* more (tag, zone) pairs than MJR_MAX_TRACKED: a tag was not followed */

/* A reader's fixed description (a board file writes it as a const). */
typedef struct {
  const char *reader_id;           /* HELLO rdr, e.g. "RK-E1" */
  const char *firmware;            /* HELLO fw, e.g. MJR_FW_VERSION "+pn5180" */
  uint8_t nzones;                  /* 1..MJR_MAX_ZONE_COUNT */
  const char *const *zones;        /* zone names in HELLO order, e.g. {"in","top"} */
  uint8_t nantennas;               /* 1..MJR_MAX_ANTENNAS */
  const uint8_t *antenna_zone;     /* the zone index of each antenna */
  uint8_t has_rssi;                /* 1: the front end measures signal strength (rssi= on SNAP and ADD) */
  int8_t weak_rssi;                /* dBm: a read at or below it keeps a present tag but never adds one (a neighbour's tile); 0: none */
  uint8_t present_after;           /* N (0: MJR_PRESENT_AFTER) */
  uint8_t gone_after;              /* M (0: MJR_GONE_AFTER) */
  uint16_t scan_ms;                /* scan period at boot (0: MJR_SCAN_MS) */
  uint16_t min_scan_ms;            /* the shortest CMD scan ms= accepted (>= 10; shorter: ERR code=2) */
  uint16_t hb_ms;                  /* heartbeat period (0: MJR_HB_MS) */
  uint16_t ble_mtu;                /* 0: serial (whole lines); else BLE pieces of this many bytes, header included */
} mjr_config;

/* One (tag, zone) pair followed by the debouncer. */
typedef struct {
  mj_uid uid;
  int8_t rssi;      /* the strongest read of the last scan that read it */
  uint8_t zone;     /* zone index */
  uint8_t used;     /* slot in use */
  uint8_t present;  /* 1 once ADDed (or in the boot SNAP); 0 while a candidate */
  uint8_t hits;     /* consecutive scans that read it (saturates at 255) */
  uint8_t misses;   /* consecutive scans that did not */
  uint8_t seen;     /* scratch: read in this scan */
  int8_t best;      /* scratch: strongest rssi this scan */
} mjr_tag;

typedef struct {
  const mjr_config *cfg;
  mjr_hal hal;
  uint32_t seq;         /* the next sequence number */
  uint64_t now;         /* ms since boot, as last given */
  uint64_t next_scan, next_hb, blink_until;
  uint16_t scan_ms;
  uint8_t overrun;      /* lines were lost in send(): ERR code=7 at the next tick */
  uint8_t fault[MJR_MAX_ANTENNAS]; /* per antenna: bit 0 its front end does not answer, bit 1 it reports a collision (each ERR is sent once, when it starts) */
  uint8_t ble_counter;  /* BLE message counter, +1 per line */
  uint32_t scans;       /* scans run since boot */
  mjr_tag tags[MJR_MAX_TRACKED];
  mjr_read reads[MJR_MAX_READS];
  mj_replay replay;
  char line[MJR_LINE_CAP];
  char rx[MJR_RX_CAP];
  size_t rx_len;
  uint8_t rx_drop;      /* 1 while skipping the rest of a hub line longer than MJR_RX_CAP */
  mj_msg msg;
#if MJR_BLE
  mj_ble_rx ble_rx;
#endif
} mjr_reader;

/* Sets up the reader (nothing sent). cfg must outlive r. */
void mjr_init(mjr_reader *r, const mjr_config *cfg, const mjr_hal *hal);
/* Boot: runs present_after scans silently (so the first snapshots hold what lies on the antennas),
   then sends HELLO and a SNAP per zone. now: ms since boot. */
void mjr_begin(mjr_reader *r, uint64_t now);
/* The main loop calls this as often as it can: scans when a scan is due (ADD/DEL on changes),
   heartbeats when one is due, ends a blink. now: ms since boot (64-bit, never wraps). */
void mjr_tick(mjr_reader *r, uint64_t now);
/* Bytes from the hub over serial, any chunking: answers each complete, checked CMD line. */
void mjr_rx(mjr_reader *r, const uint8_t *bytes, size_t n);
#if MJR_BLE
/* One BLE piece written by the hub (PROTOCOL.md §1.1): a completed line is handled as by mjr_rx. */
void mjr_rx_piece(mjr_reader *r, const uint8_t *piece, size_t n);
#endif
/* The stream (re)connected (the host opened the port, a BLE central connected): HELLO + SNAPs. */
void mjr_connected(mjr_reader *r);
/* Runs one scan of every antenna now (what mjr_tick does when a scan is due). */
void mjr_scan(mjr_reader *r);
/* 1 while the identify LED is on after CMD blink. */
int mjr_blinking(const mjr_reader *r);

#endif /* MJR_CORE_H */
