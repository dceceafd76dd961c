/*
 * Reader line protocol, versions 0 and 1 (firmware-protocol/PROTOCOL.md): reference code for firmware.
 * Header-only, C99, no allocation, no stdio. Include it in one or more .c files (ESP32, Arduino, any C99).
 *
 * Version 0 helpers:
 *
 *   mj_crc16(s, n)         CRC-16/CCITT-FALSE of n bytes (check: "123456789" -> 0x29B1)      (§3)
 *   mj_frame(out, cap, b)  writes "<b>*CCCC\n" into out; returns its length, or -1 if it does not fit (§2)
 *   mj_check_line(l, n)    1 when the line (without \n, \r tolerated) has a good "*CCCC" trailer   (§4)
 *   mj_parse_cmd(l, n, z)  1 for a valid "CMD snap" (z[0] = 0) or "CMD snap zone=Z" (z = Z), else 0 (§5.6)
 *
 * Version 1 (see the section "VERSION 1" below for the full list):
 *   mj_decode(l, n, &m)    checks and decodes any line into an mj_msg; returns MJ_OK or the discard reason
 *                          (same reasons, in the same order, as decodeLine(line, {protocol: 1}) in codec.ts)
 *   mj_encode_*(...)       writes a reader message (HELLO SNAP ADD DEL HB ERR) as "<line>*CCCC\n"
 *   mj_uid_set(...)        builds a tag UID from the bytes a reader chip gives, reversing LSB-first ones
 *   mj_replay_*            a ring of the last sequenced lines, for "CMD replay from=N"
 *   mj_ble_piece / mj_ble_push   BLE fragmentation (1 header byte per piece) and reassembly
 *   mj_frame_sof / mj_lines_push the start-of-frame byte 0x02 (HELLO sof=1) and the line reader that resyncs on it
 */
#ifndef MJ_PROTO_H
#define MJ_PROTO_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define MJ_PROTO_VERSION 1
#define MJ_MAX_LINE 4096 /* bytes, without the newline */
#define MJ_MAX_NAME 32   /* reader ids and zone names */

/* CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, no final xor. */
static inline uint16_t mj_crc16(const char *s, size_t n) {
  uint16_t crc = 0xFFFF;
  for (size_t i = 0; i < n; i++) {
    crc ^= (uint16_t)((uint8_t)s[i]) << 8;
    for (int b = 0; b < 8; b++)
      crc = (crc & 0x8000) ? (uint16_t)((crc << 1) ^ 0x1021) : (uint16_t)(crc << 1);
  }
  return crc;
}

static inline int mj_hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

/* Writes body + "*CCCC\n" (upper-case hex) and a terminating NUL into out. */
static inline int mj_frame(char *out, size_t cap, const char *body) {
  static const char hex[] = "0123456789ABCDEF";
  size_t n = strlen(body);
  if (n + 6 > MJ_MAX_LINE + 1 || n + 7 > cap) return -1;
  uint16_t crc = mj_crc16(body, n);
  memmove(out, body, n);
  out[n] = '*';
  out[n + 1] = hex[(crc >> 12) & 0xF];
  out[n + 2] = hex[(crc >> 8) & 0xF];
  out[n + 3] = hex[(crc >> 4) & 0xF];
  out[n + 4] = hex[crc & 0xF];
  out[n + 5] = '\n';
  out[n + 6] = '\0';
  return (int)(n + 6);
}

/* 1 when line[0..n) (no \n; a trailing \r is allowed) is printable ASCII ending in a correct "*CCCC". */
static inline int mj_check_line(const char *line, size_t n) {
  if (n > 0 && line[n - 1] == '\r') n--;
  if (n < 5 || n > MJ_MAX_LINE || line[n - 5] != '*') return 0;
  for (size_t i = 0; i < n - 5; i++)
    if ((uint8_t)line[i] < 0x20 || (uint8_t)line[i] > 0x7E) return 0;
  unsigned v = 0;
  for (size_t i = n - 4; i < n; i++) {
    int h = mj_hexval(line[i]);
    if (h < 0) return 0;
    v = (v << 4) | (unsigned)h;
  }
  return mj_crc16(line, n - 5) == v;
}

/* 1 for a checked "CMD snap" (zone[0] = 0: every zone) or "CMD snap zone=NAME" (NAME copied to
   zone, which must hold MJ_MAX_NAME + 1 bytes). Unknown extra fields are ignored. Else 0. */
static inline int mj_parse_cmd(const char *line, size_t n, char *zone) {
  if (!mj_check_line(line, n)) return 0;
  if (line[n - 1] == '\r') n--;
  n -= 5; /* body length */
  zone[0] = '\0';
  if (n < 8 || memcmp(line, "CMD snap", 8) != 0) return 0;
  size_t i = 8;
  while (i < n) {
    if (line[i] != ' ') return 0;
    size_t start = ++i;
    while (i < n && line[i] != ' ') i++;
    if (i - start > 5 && memcmp(line + start, "zone=", 5) == 0) {
      size_t len = i - start - 5;
      if (len > MJ_MAX_NAME) return 0;
      memcpy(zone, line + start + 5, len);
      zone[len] = '\0';
    } else if (i == start || memchr(line + start, '=', i - start) == NULL) {
      return 0; /* empty field, or a second command word */
    }
  }
  return 1;
}

/* ============================================================================================
 * VERSION 1
 *
 * Limits (define them before including this header to change them):
 *   MJ_MAX_TAGS    tags one SNAP may hold in an mj_msg (default 48; the protocol allows more)
 *   MJ_MAX_ZONES   zones one HELLO may hold in an mj_msg (default 8)
 *   MJ_REPLAY_BYTES bytes of recent lines kept for CMD replay (default 1024)
 * A line over a local limit is refused with MJ_LIMIT (not a protocol reason: the line may be fine).
 * ============================================================================================ */
#ifndef MJ_MAX_TAGS
#define MJ_MAX_TAGS 48
#endif
#ifndef MJ_MAX_ZONES
#define MJ_MAX_ZONES 8
#endif
#ifndef MJ_REPLAY_BYTES
#define MJ_REPLAY_BYTES 1024
#endif
#define MJ_SEQ_MAX 2147483647UL
#define MJ_UP_MAX 9007199254740991ULL /* 2^53 - 1 ms */
#define MJ_RSSI_NONE 127              /* "no signal strength" in an int8_t rssi */
#define MJ_MAX_TEXT 64                /* ERR text */
#define MJ_BLE_MTU 20                 /* default BLE piece size, header included */

/* Discard reasons, as in messages.ts (DiscardReason), plus MJ_LIMIT (a local buffer limit). */
typedef enum { MJ_OK = 0, MJ_TOO_LONG, MJ_TRUNCATED, MJ_BAD_CHECKSUM, MJ_UNKNOWN_TYPE, MJ_MALFORMED, MJ_LIMIT } mj_status;

static inline const char *mj_status_name(mj_status s) {
  static const char *const names[] = {"ok", "too-long", "truncated", "bad-checksum", "unknown-type", "malformed", "limit"};
  return (unsigned)s < 7 ? names[s] : "?";
}

typedef enum { MJ_T_HELLO = 1, MJ_T_SNAP, MJ_T_ADD, MJ_T_DEL, MJ_T_HB, MJ_T_ERR, MJ_T_CMD } mj_type;
typedef enum { MJ_CMD_SNAP = 1, MJ_CMD_BLINK, MJ_CMD_SCAN, MJ_CMD_REPLAY } mj_cmd_word;

/* Error codes of "ERR code=<n>" (PROTOCOL.md §5.7). */
enum {
  MJ_ERR_UNKNOWN_COMMAND = 1, MJ_ERR_BAD_ARGUMENT = 2, MJ_ERR_UNKNOWN_ZONE = 3, MJ_ERR_REPLAY_UNAVAILABLE = 4,
  MJ_ERR_RF_FAULT = 5, MJ_ERR_TAG_UNREADABLE = 6, MJ_ERR_OVERRUN = 7, MJ_ERR_BAD_LINE = 8, MJ_ERR_LOW_POWER = 9
};

/* A tag UID, most significant byte first: 4, 7, 10 (ISO 14443A), 8 (ISO 15693) or 12 (EPC-96) bytes. */
typedef struct {
  uint8_t len;
  uint8_t b[12];
} mj_uid;

/* One decoded line. Which members hold data depends on type (and cmd). */
typedef struct {
  mj_type type;
  uint32_t seq;                  /* SNAP ADD DEL HB ERR */
  char zone[MJ_MAX_NAME + 1];    /* SNAP ADD DEL; ERR and CMD snap: "" when absent */
  char reader[MJ_MAX_NAME + 1];  /* HELLO rdr */
  char firmware[MJ_MAX_NAME + 1];/* HELLO fw */
  uint16_t proto;                /* HELLO */
  uint16_t nzones;               /* HELLO */
  uint8_t deb;                   /* HELLO deb= (on-board debounce: scans a tag is read in before ADD), 0 when absent */
  uint16_t scan_ms;              /* HELLO scan= (the scan period, ms), 0 when absent */
  char zones[MJ_MAX_ZONES][MJ_MAX_NAME + 1];
  uint16_t ntags;                /* SNAP */
  mj_uid tags[MJ_MAX_TAGS];
  uint8_t has_rssi;              /* SNAP: 1 when the line has rssi= */
  int8_t rssis[MJ_MAX_TAGS];     /* SNAP: dBm, or MJ_RSSI_NONE */
  mj_uid tag;                    /* ADD DEL */
  int8_t rssi;                   /* ADD: dBm, or MJ_RSSI_NONE */
  uint64_t up_ms;                /* HB */
  uint16_t code;                 /* ERR */
  char text[MJ_MAX_TEXT + 1];    /* ERR: "" when absent */
  mj_cmd_word cmd;               /* CMD */
  uint32_t ms;                   /* CMD blink / scan */
  uint32_t from;                 /* CMD replay */
  char field[MJ_MAX_NAME + 1];   /* on MJ_MALFORMED: the key at fault, "" when none (a bad token) */
} mj_msg;

/* ---- helpers (internal) ---- */
static inline int mj__is_name_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-';
}
static inline int mj__is_name(const char *s, size_t n) {
  if (n < 1 || n > MJ_MAX_NAME) return 0;
  for (size_t i = 0; i < n; i++) if (!mj__is_name_char(s[i])) return 0;
  return 1;
}
static inline int mj__is_fw(const char *s, size_t n) {
  if (n < 1 || n > MJ_MAX_NAME) return 0;
  for (size_t i = 0; i < n; i++) if (!mj__is_name_char(s[i]) && s[i] != '+') return 0;
  return 1;
}
static inline int mj__is_key(const char *s, size_t n) {
  if (n < 1 || !(s[0] >= 'a' && s[0] <= 'z')) return 0;
  for (size_t i = 1; i < n; i++)
    if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '_')) return 0;
  return 1;
}
/* canonical uint: 0 or [1-9][0-9]{0,15}, and <= max */
static inline int mj__uint(const char *s, size_t n, uint64_t max, uint64_t *out) {
  if (n < 1 || n > 16 || (n > 1 && s[0] == '0')) return 0;
  uint64_t v = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] < '0' || s[i] > '9') return 0;
    v = v * 10 + (uint64_t)(s[i] - '0');
  }
  if (v > max) return 0;
  *out = v;
  return 1;
}
/* rssi: 0 or -[1-9][0-9]{0,2}, >= -128 */
static inline int mj__rssi(const char *s, size_t n, int8_t *out) {
  if (n == 1 && s[0] == '0') { *out = 0; return 1; }
  if (n < 2 || n > 4 || s[0] != '-' || s[1] < '1' || s[1] > '9') return 0;
  int v = 0;
  for (size_t i = 1; i < n; i++) {
    if (s[i] < '0' || s[i] > '9') return 0;
    v = v * 10 + (s[i] - '0');
  }
  if (v > 128) return 0;
  *out = (int8_t)(-v);
  return 1;
}
static inline void mj__copy(char *dst, const char *s, size_t n) {
  memcpy(dst, s, n);
  dst[n] = '\0';
}
static inline int mj__eq(const char *s, size_t n, const char *lit) {
  return strlen(lit) == n && memcmp(s, lit, n) == 0;
}
/* Strict version 1 tag UID from hex text (either case). 1 when valid. */
static inline int mj__tag(const char *s, size_t n, mj_uid *u) {
  if (n < 8 || n > 24 || (n & 1)) return 0;
  for (size_t i = 0; i < n; i += 2) {
    int hi = mj_hexval(s[i]), lo = mj_hexval(s[i + 1]);
    if (hi < 0 || lo < 0) return 0;
    u->b[i / 2] = (uint8_t)((hi << 4) | lo);
  }
  u->len = (uint8_t)(n / 2);
  switch (u->len) {
    case 4: case 7: case 10: return u->b[0] != 0x88; /* cascade tag left in */
    case 8: return u->b[0] == 0xE0;                  /* ISO 15693, MSB first */
    case 12: return 1;                               /* EPC-96 */
    default: return 0;
  }
}

/* The fields of a body (after the type, or after the command word for CMD). */
typedef struct {
  const char *body;
  size_t n;
  size_t from; /* offset of the first field token */
} mj__fields;

/* Finds key in the fields; 1 with val/len set when present. */
static inline int mj__get(const mj__fields *f, const char *key, const char **val, size_t *len) {
  size_t klen = strlen(key), i = f->from;
  while (i < f->n) {
    size_t start = i;
    while (i < f->n && f->body[i] != ' ') i++;
    if (i - start > klen && memcmp(f->body + start, key, klen) == 0 && f->body[start + klen] == '=') {
      *val = f->body + start + klen + 1;
      *len = i - start - klen - 1;
      return 1;
    }
    i++; /* skip the space */
  }
  return 0;
}

static inline mj_status mj__bad(mj_msg *m, const char *field, size_t n) {
  if (n > MJ_MAX_NAME) n = MJ_MAX_NAME;
  mj__copy(m->field, field, n);
  return MJ_MALFORMED;
}
#define MJ__BAD(m, lit) mj__bad((m), (lit), sizeof(lit) - 1)

/* Checks every key=value token from offset `from` (the tokens start after a space); like parseFields. */
static inline mj_status mj__check_fields(const char *body, size_t n, size_t from, int has_tokens, mj_msg *m) {
  if (!has_tokens) return MJ_OK;
  size_t i = from;
  for (;;) {
    size_t start = i;
    while (i < n && body[i] != ' ') i++;
    size_t len = i - start;
    if (len == 0) return mj__bad(m, "", 0);                      /* empty token */
    const char *eq = (const char *)memchr(body + start, '=', len);
    if (!eq) return mj__bad(m, "", 0);                           /* not key=value */
    size_t klen = (size_t)(eq - (body + start));
    if (!mj__is_key(body + start, klen)) return mj__bad(m, "", 0);
    /* repeated key? compare with the earlier tokens */
    size_t j = from;
    while (j < start) {
      size_t s2 = j;
      while (body[j] != ' ') j++;
      if (j - s2 > klen && memcmp(body + s2, body + start, klen) == 0 && body[s2 + klen] == '=')
        return mj__bad(m, body + start, klen);
      j++;
    }
    if (i >= n) break;
    i++; /* the space */
  }
  return MJ_OK;
}

/* need(): present and (unless empty_ok) non-empty; else MJ_MALFORMED naming key. */
static inline mj_status mj__need(const mj__fields *f, const char *key, int empty_ok, const char **v, size_t *len, mj_msg *m) {
  if (!mj__get(f, key, v, len) || (*len == 0 && !empty_ok)) return mj__bad(m, key, strlen(key));
  return MJ_OK;
}
static inline mj_status mj__need_uint(const mj__fields *f, const char *key, uint64_t max, uint64_t *out, mj_msg *m) {
  const char *v; size_t len;
  mj_status s = mj__need(f, key, 0, &v, &len, m);
  if (s != MJ_OK) return s;
  if (!mj__uint(v, len, max, out)) return mj__bad(m, key, strlen(key));
  return MJ_OK;
}
static inline mj_status mj__need_name(const mj__fields *f, const char *key, char *out, mj_msg *m) {
  const char *v; size_t len;
  mj_status s = mj__need(f, key, 0, &v, &len, m);
  if (s != MJ_OK) return s;
  if (!mj__is_name(v, len)) return mj__bad(m, key, strlen(key));
  mj__copy(out, v, len);
  return MJ_OK;
}

/*
 * Checks and decodes one line (line[0..n), without or with its "\n" / "\r\n") into *m, strictly by
 * version 1. Returns MJ_OK, or the discard reason of PROTOCOL.md §4 (with m->field naming the key at
 * fault for MJ_MALFORMED), or MJ_LIMIT when the line holds more tags or zones than this build keeps.
 * The order of the checks is that of decodeLine in codec.ts, so both give the same answer for every line.
 */
static inline mj_status mj_decode(const char *line, size_t n, mj_msg *m) {
  memset(m, 0, sizeof *m);
  m->rssi = MJ_RSSI_NONE;
  if (n > 0 && line[n - 1] == '\n') n--;
  if (n > 0 && line[n - 1] == '\r') n--;
  if (n > MJ_MAX_LINE) return MJ_TOO_LONG;
  if (n == 0) return MJ_TRUNCATED;
  size_t star = n;
  while (star > 0 && line[star - 1] != '*') star--;
  if (star == 0) return MJ_TRUNCATED;
  star--; /* index of the last '*' */
  size_t tn = n - star - 1;
  unsigned given = 0;
  if (tn < 4) return MJ_TRUNCATED;
  for (size_t i = 0; i < 4; i++) {
    int h = mj_hexval(line[star + 1 + i]);
    if (h < 0) return MJ_TRUNCATED;
    given = (given << 4) | (unsigned)h;
  }
  if (tn > 4) return MJ_BAD_CHECKSUM;
  for (size_t i = 0; i < star; i++)
    if ((uint8_t)line[i] < 0x20 || (uint8_t)line[i] > 0x7E) return MJ_BAD_CHECKSUM;
  if (mj_crc16(line, star) != given) return MJ_BAD_CHECKSUM;

  const char *body = line;
  size_t bn = star, tl = 0;
  while (tl < bn && body[tl] != ' ') tl++;
  int has_tokens = tl < bn; /* at least one token after the type */
  mj__fields f = {body, bn, tl + 1};
  mj_status s;
  uint64_t u;
  const char *v;
  size_t len;

  if (mj__eq(body, tl, "CMD")) {
    m->type = MJ_T_CMD;
    size_t cs = tl + 1, ce = cs;
    if (!has_tokens) return MJ__BAD(m, "command");
    while (ce < bn && body[ce] != ' ') ce++;
    if (ce == cs) return MJ__BAD(m, "command");
    if (mj__eq(body + cs, ce - cs, "snap")) m->cmd = MJ_CMD_SNAP;
    else if (mj__eq(body + cs, ce - cs, "blink")) m->cmd = MJ_CMD_BLINK;
    else if (mj__eq(body + cs, ce - cs, "scan")) m->cmd = MJ_CMD_SCAN;
    else if (mj__eq(body + cs, ce - cs, "replay")) m->cmd = MJ_CMD_REPLAY;
    else return MJ__BAD(m, "command");
    f.from = ce + 1;
    if ((s = mj__check_fields(body, bn, ce + 1, ce < bn, m)) != MJ_OK) return s;
    switch (m->cmd) {
      case MJ_CMD_SNAP:
        if (!mj__get(&f, "zone", &v, &len)) return MJ_OK;
        return mj__need_name(&f, "zone", m->zone, m);
      case MJ_CMD_BLINK:
        if ((s = mj__need_uint(&f, "ms", 60000, &u, m)) != MJ_OK) return s;
        m->ms = (uint32_t)u;
        return MJ_OK;
      case MJ_CMD_SCAN:
        if ((s = mj__need_uint(&f, "ms", 60000, &u, m)) != MJ_OK) return s;
        if (u < 10) return MJ__BAD(m, "ms");
        m->ms = (uint32_t)u;
        return MJ_OK;
      default:
        if ((s = mj__need_uint(&f, "from", MJ_SEQ_MAX, &u, m)) != MJ_OK) return s;
        m->from = (uint32_t)u;
        return MJ_OK;
    }
  }

  if (mj__eq(body, tl, "HELLO")) m->type = MJ_T_HELLO;
  else if (mj__eq(body, tl, "SNAP")) m->type = MJ_T_SNAP;
  else if (mj__eq(body, tl, "ADD")) m->type = MJ_T_ADD;
  else if (mj__eq(body, tl, "DEL")) m->type = MJ_T_DEL;
  else if (mj__eq(body, tl, "HB")) m->type = MJ_T_HB;
  else if (mj__eq(body, tl, "ERR")) m->type = MJ_T_ERR;
  else return MJ_UNKNOWN_TYPE;
  if ((s = mj__check_fields(body, bn, tl + 1, has_tokens, m)) != MJ_OK) return s;

  switch (m->type) {
    case MJ_T_HELLO: {
      if ((s = mj__need_name(&f, "rdr", m->reader, m)) != MJ_OK) return s;
      if ((s = mj__need(&f, "fw", 0, &v, &len, m)) != MJ_OK) return s;
      if (!mj__is_fw(v, len)) return MJ__BAD(m, "fw");
      mj__copy(m->firmware, v, len);
      if ((s = mj__need_uint(&f, "proto", 65535, &u, m)) != MJ_OK) return s;
      m->proto = (uint16_t)u;
      if ((s = mj__need(&f, "zones", 0, &v, &len, m)) != MJ_OK) return s;
      size_t i = 0, count = 0;
      for (;;) {
        size_t st = i;
        while (i < len && v[i] != ',') i++;
        if (!mj__is_name(v + st, i - st)) return MJ__BAD(m, "zones");
        for (size_t j = 0; j < st;) { /* listed twice? */
          size_t s2 = j;
          while (v[j] != ',') j++;
          if (j - s2 == i - st && memcmp(v + s2, v + st, i - st) == 0) return MJ__BAD(m, "zones");
          j++;
        }
        if (count < MJ_MAX_ZONES) mj__copy(m->zones[count], v + st, i - st);
        count++;
        if (i >= len) break;
        i++;
      }
      if (count > MJ_MAX_ZONES) return MJ_LIMIT;
      m->nzones = (uint16_t)count;
      { /* on-board debounce (PROTOCOL.md §5.1): deb= and scan= together, or neither */
        const char *sv;
        size_t sl;
        int has_deb = mj__get(&f, "deb", &v, &len), has_scan = mj__get(&f, "scan", &sv, &sl);
        if (!has_deb && !has_scan) return MJ_OK;
        if (!has_deb || !mj__uint(v, len, 16, &u) || u < 2) return MJ__BAD(m, "deb");
        m->deb = (uint8_t)u;
        if (!has_scan || !mj__uint(sv, sl, 60000, &u) || u < 10) return MJ__BAD(m, "scan");
        m->scan_ms = (uint16_t)u;
      }
      return MJ_OK;
    }
    case MJ_T_SNAP: {
      if ((s = mj__need_uint(&f, "seq", MJ_SEQ_MAX, &u, m)) != MJ_OK) return s;
      m->seq = (uint32_t)u;
      if ((s = mj__need_name(&f, "zone", m->zone, m)) != MJ_OK) return s;
      if ((s = mj__need(&f, "tags", 1, &v, &len, m)) != MJ_OK) return s;
      size_t count = 0;
      if (len > 0) {
        size_t i = 0;
        for (;;) {
          size_t st = i;
          mj_uid uid;
          while (i < len && v[i] != ',') i++;
          if (!mj__tag(v + st, i - st, &uid)) return MJ__BAD(m, "tags");
          for (size_t j = 0; j < st;) { /* listed twice (either case)? */
            size_t s2 = j;
            mj_uid other;
            while (v[j] != ',') j++;
            if (mj__tag(v + s2, j - s2, &other) && other.len == uid.len && memcmp(other.b, uid.b, uid.len) == 0) return MJ__BAD(m, "tags");
            j++;
          }
          if (count < MJ_MAX_TAGS) m->tags[count] = uid;
          count++;
          if (i >= len) break;
          i++;
        }
      }
      if (mj__get(&f, "rssi", &v, &len)) {
        size_t items = (len == 0 && count == 0) ? 0 : 1;
        for (size_t i = 0; i < len; i++) items += v[i] == ',';
        if (items != count) return MJ__BAD(m, "rssi");
        size_t i = 0;
        for (size_t k = 0; k < items; k++) {
          size_t st = i;
          int8_t r = MJ_RSSI_NONE;
          while (i < len && v[i] != ',') i++;
          if (i > st && !mj__rssi(v + st, i - st, &r)) return MJ__BAD(m, "rssi");
          if (k < MJ_MAX_TAGS) m->rssis[k] = r;
          i++;
        }
        m->has_rssi = 1;
      }
      if (count > MJ_MAX_TAGS) return MJ_LIMIT;
      m->ntags = (uint16_t)count;
      return MJ_OK;
    }
    case MJ_T_ADD:
    case MJ_T_DEL:
      if ((s = mj__need_uint(&f, "seq", MJ_SEQ_MAX, &u, m)) != MJ_OK) return s;
      m->seq = (uint32_t)u;
      if ((s = mj__need_name(&f, "zone", m->zone, m)) != MJ_OK) return s;
      if ((s = mj__need(&f, "tag", 0, &v, &len, m)) != MJ_OK) return s;
      if (!mj__tag(v, len, &m->tag)) return MJ__BAD(m, "tag");
      if (m->type == MJ_T_ADD && mj__get(&f, "rssi", &v, &len) && !mj__rssi(v, len, &m->rssi)) return MJ__BAD(m, "rssi");
      return MJ_OK;
    case MJ_T_HB:
      if ((s = mj__need_uint(&f, "seq", MJ_SEQ_MAX, &u, m)) != MJ_OK) return s;
      m->seq = (uint32_t)u;
      return mj__need_uint(&f, "up", MJ_UP_MAX, &m->up_ms, m);
    default: /* ERR */
      if ((s = mj__need_uint(&f, "seq", MJ_SEQ_MAX, &u, m)) != MJ_OK) return s;
      m->seq = (uint32_t)u;
      if ((s = mj__need_uint(&f, "code", 65535, &u, m)) != MJ_OK) return s;
      if (u == 0) return MJ__BAD(m, "code");
      m->code = (uint16_t)u;
      if (mj__get(&f, "zone", &v, &len) && (s = mj__need_name(&f, "zone", m->zone, m)) != MJ_OK) return s;
      if (mj__get(&f, "text", &v, &len)) {
        if (len < 1 || len > MJ_MAX_TEXT) return MJ__BAD(m, "text");
        for (size_t i = 0; i < len; i++)
          if ((uint8_t)v[i] < 0x21 || (uint8_t)v[i] > 0x7E || v[i] == '*') return MJ__BAD(m, "text");
        mj__copy(m->text, v, len);
      }
      return MJ_OK;
  }
}

/* ---- encoders: each writes "<body>*CCCC\n" and a NUL; returns the length (with \n) or -1 ---- */
typedef struct {
  char *p;
  size_t cap, n;
  int ok;
} mj_writer;

static inline void mj__put(mj_writer *w, const char *s, size_t n) {
  if (!w->ok || w->n + n + 7 > w->cap || w->n + n > MJ_MAX_LINE - 5) { w->ok = 0; return; }
  memcpy(w->p + w->n, s, n);
  w->n += n;
}
static inline void mj__puts(mj_writer *w, const char *s) { mj__put(w, s, strlen(s)); }
static inline void mj__put_u64(mj_writer *w, uint64_t v) {
  char d[20];
  size_t k = 0;
  do { d[k++] = (char)('0' + v % 10); v /= 10; } while (v);
  char r[20];
  for (size_t i = 0; i < k; i++) r[i] = d[k - 1 - i];
  mj__put(w, r, k);
}
static inline void mj__put_rssi(mj_writer *w, int8_t r) {
  if (r > 0) { w->ok = 0; return; }
  if (r < 0) mj__put(w, "-", 1);
  mj__put_u64(w, (uint64_t)(-(int)r));
}
static inline void mj__put_uid(mj_writer *w, const mj_uid *u) {
  static const char hex[] = "0123456789ABCDEF";
  if (u->len < 4 || u->len > 12) { w->ok = 0; return; }
  for (size_t i = 0; i < u->len; i++) {
    char h[2] = {hex[u->b[i] >> 4], hex[u->b[i] & 15]};
    mj__put(w, h, 2);
  }
}
static inline int mj__finish(mj_writer *w) {
  static const char hex[] = "0123456789ABCDEF";
  if (!w->ok) return -1;
  uint16_t crc = mj_crc16(w->p, w->n);
  char *o = w->p + w->n;
  o[0] = '*';
  o[1] = hex[(crc >> 12) & 15]; o[2] = hex[(crc >> 8) & 15]; o[3] = hex[(crc >> 4) & 15]; o[4] = hex[crc & 15];
  o[5] = '\n';
  o[6] = '\0';
  return (int)(w->n + 6);
}
#define MJ__W(out, cap) mj_writer w_ = {(out), (cap), 0, 1}; mj_writer *w = &w_

/*
 * HELLO rdr=<reader> fw=<fw> proto=<proto> zones=<z1,z2,...> [deb=<scans> scan=<ms>]
 * deb, scan_ms: the on-board debounce (PROTOCOL.md §5.1): a tag is reported after deb consecutive scans
 * read it, one scan every scan_ms; deb 0 leaves both fields out (deb 2..16 and scan_ms 10..60000, else -1).
 */
static inline int mj_encode_hello_deb(char *out, size_t cap, const char *reader, const char *fw, unsigned proto,
                                      const char *const *zones, size_t nzones, unsigned deb, unsigned scan_ms) {
  MJ__W(out, cap);
  if (deb != 0 && (deb < 2 || deb > 16 || scan_ms < 10 || scan_ms > 60000)) return -1;
  mj__puts(w, "HELLO rdr="); mj__puts(w, reader); mj__puts(w, " fw="); mj__puts(w, fw);
  mj__puts(w, " proto="); mj__put_u64(w, proto); mj__puts(w, " zones=");
  for (size_t i = 0; i < nzones; i++) { if (i) mj__put(w, ",", 1); mj__puts(w, zones[i]); }
  if (deb) { mj__puts(w, " deb="); mj__put_u64(w, deb); mj__puts(w, " scan="); mj__put_u64(w, scan_ms); }
  return mj__finish(w);
}
/* HELLO rdr=<reader> fw=<fw> proto=<proto> zones=<z1,z2,...> (a reader that does not announce a debounce) */
static inline int mj_encode_hello(char *out, size_t cap, const char *reader, const char *fw, unsigned proto,
                                  const char *const *zones, size_t nzones) {
  return mj_encode_hello_deb(out, cap, reader, fw, proto, zones, nzones, 0, 0);
}
/* SNAP seq= zone= tags=<uid,uid> [rssi=<r,r>] ; rssi NULL: no rssi field; MJ_RSSI_NONE entries are left empty */
static inline int mj_encode_snap(char *out, size_t cap, uint32_t seq, const char *zone, const mj_uid *tags, size_t ntags, const int8_t *rssi) {
  MJ__W(out, cap);
  mj__puts(w, "SNAP seq="); mj__put_u64(w, seq); mj__puts(w, " zone="); mj__puts(w, zone); mj__puts(w, " tags=");
  for (size_t i = 0; i < ntags; i++) { if (i) mj__put(w, ",", 1); mj__put_uid(w, &tags[i]); }
  if (rssi) {
    mj__puts(w, " rssi=");
    for (size_t i = 0; i < ntags; i++) { if (i) mj__put(w, ",", 1); if (rssi[i] != MJ_RSSI_NONE) mj__put_rssi(w, rssi[i]); }
  }
  return mj__finish(w);
}
/* ADD seq= zone= tag= [rssi=] (rssi MJ_RSSI_NONE: no rssi field) */
static inline int mj_encode_add(char *out, size_t cap, uint32_t seq, const char *zone, const mj_uid *tag, int8_t rssi) {
  MJ__W(out, cap);
  mj__puts(w, "ADD seq="); mj__put_u64(w, seq); mj__puts(w, " zone="); mj__puts(w, zone); mj__puts(w, " tag="); mj__put_uid(w, tag);
  if (rssi != MJ_RSSI_NONE) { mj__puts(w, " rssi="); mj__put_rssi(w, rssi); }
  return mj__finish(w);
}
/* DEL seq= zone= tag= */
static inline int mj_encode_del(char *out, size_t cap, uint32_t seq, const char *zone, const mj_uid *tag) {
  MJ__W(out, cap);
  mj__puts(w, "DEL seq="); mj__put_u64(w, seq); mj__puts(w, " zone="); mj__puts(w, zone); mj__puts(w, " tag="); mj__put_uid(w, tag);
  return mj__finish(w);
}
/* HB seq= up=<ms since boot, 64-bit> */
static inline int mj_encode_hb(char *out, size_t cap, uint32_t seq, uint64_t up_ms) {
  MJ__W(out, cap);
  mj__puts(w, "HB seq="); mj__put_u64(w, seq); mj__puts(w, " up="); mj__put_u64(w, up_ms);
  return mj__finish(w);
}
/* ERR seq= code= [zone=] [text=] (zone, text: NULL or "" to leave out) */
static inline int mj_encode_err(char *out, size_t cap, uint32_t seq, unsigned code, const char *zone, const char *text) {
  MJ__W(out, cap);
  mj__puts(w, "ERR seq="); mj__put_u64(w, seq); mj__puts(w, " code="); mj__put_u64(w, code);
  if (zone && zone[0]) { mj__puts(w, " zone="); mj__puts(w, zone); }
  if (text && text[0]) { mj__puts(w, " text="); mj__puts(w, text); }
  return mj__finish(w);
}
/* CMD snap [zone=] | blink ms= | scan ms= | replay from= (what a hub written in C would send) */
static inline int mj_encode_cmd(char *out, size_t cap, mj_cmd_word cmd, const char *zone, uint32_t arg) {
  MJ__W(out, cap);
  switch (cmd) {
    case MJ_CMD_SNAP: mj__puts(w, "CMD snap"); if (zone && zone[0]) { mj__puts(w, " zone="); mj__puts(w, zone); } break;
    case MJ_CMD_BLINK: mj__puts(w, "CMD blink ms="); mj__put_u64(w, arg); break;
    case MJ_CMD_SCAN: mj__puts(w, "CMD scan ms="); mj__put_u64(w, arg); break;
    case MJ_CMD_REPLAY: mj__puts(w, "CMD replay from="); mj__put_u64(w, arg); break;
    default: return -1;
  }
  return mj__finish(w);
}
/* Encodes a decoded message again (canonical form). */
static inline int mj_encode_msg(char *out, size_t cap, const mj_msg *m) {
  switch (m->type) {
    case MJ_T_HELLO: {
      const char *z[MJ_MAX_ZONES];
      for (size_t i = 0; i < m->nzones; i++) z[i] = m->zones[i];
      return mj_encode_hello_deb(out, cap, m->reader, m->firmware, m->proto, z, m->nzones, m->deb, m->scan_ms);
    }
    case MJ_T_SNAP: return mj_encode_snap(out, cap, m->seq, m->zone, m->tags, m->ntags, m->has_rssi ? m->rssis : NULL);
    case MJ_T_ADD: return mj_encode_add(out, cap, m->seq, m->zone, &m->tag, m->rssi);
    case MJ_T_DEL: return mj_encode_del(out, cap, m->seq, m->zone, &m->tag);
    case MJ_T_HB: return mj_encode_hb(out, cap, m->seq, m->up_ms);
    case MJ_T_ERR: return mj_encode_err(out, cap, m->seq, m->code, m->zone, m->text);
    case MJ_T_CMD: return mj_encode_cmd(out, cap, m->cmd, m->zone, m->cmd == MJ_CMD_REPLAY ? m->from : m->ms);
    default: return -1;
  }
}

/*
 * A tag UID from the bytes a reader chip hands over (PROTOCOL.md §5.0). lsb_first = 1 reverses them:
 * use it for ISO 15693 (PN5180, ST25R, TRF7970A, CR95HF inventory responses carry the UID least
 * significant byte first; the result must start with E0). ISO 14443A (MFRC522 uid.uidByte, PN532
 * InListPassiveTarget) and EPC (UHF modules) are already most significant byte first: lsb_first = 0.
 * Returns 1, or 0 when len is not 4, 7, 8, 10 or 12.
 */
static inline int mj_uid_set(mj_uid *u, const uint8_t *bytes, size_t len, int lsb_first) {
  if (!(len == 4 || len == 7 || len == 8 || len == 10 || len == 12)) return 0;
  for (size_t i = 0; i < len; i++) u->b[i] = lsb_first ? bytes[len - 1 - i] : bytes[i];
  u->len = (uint8_t)len;
  return 1;
}

/* ---- replay ring: the last sequenced lines, for "CMD replay from=N" (PROTOCOL.md §6.1) ---- */
typedef struct {
  char buf[MJ_REPLAY_BYTES];
  size_t used;        /* bytes held: whole lines, each ending in \n */
  uint32_t first_seq; /* seq of the first line held */
  uint32_t count;     /* lines held */
} mj_replay;

static inline void mj_replay_init(mj_replay *r) { r->used = 0; r->first_seq = 0; r->count = 0; }

/* Keeps a sequenced line (SNAP ADD DEL HB ERR, with its \n) just sent with number seq; drops the oldest
   lines to make room. A seq that does not follow the last one held restarts the ring. */
static inline void mj_replay_add(mj_replay *r, uint32_t seq, const char *line, size_t n) {
  uint32_t next = r->first_seq + r->count;
  if (next > MJ_SEQ_MAX) next -= MJ_SEQ_MAX + 1;
  if (n > MJ_REPLAY_BYTES || n == 0 || line[n - 1] != '\n') { /* cannot hold it: nothing before seq + 1 is replayable */
    mj_replay_init(r);
    r->first_seq = seq >= MJ_SEQ_MAX ? 0 : seq + 1;
    return;
  }
  if (r->count == 0 || seq != next) { mj_replay_init(r); r->first_seq = seq; }
  while (r->used + n > MJ_REPLAY_BYTES) {
    const char *nl = (const char *)memchr(r->buf, '\n', r->used);
    size_t drop = (size_t)(nl - r->buf) + 1;
    memmove(r->buf, r->buf + drop, r->used - drop);
    r->used -= drop;
    r->count--;
    r->first_seq = r->first_seq >= MJ_SEQ_MAX ? 0 : r->first_seq + 1;
  }
  memcpy(r->buf + r->used, line, n);
  r->used += n;
  r->count++;
}

/* For "CMD replay from=N": 1 with start and len set to the held lines N..newest (byte for byte, to be
   re-sent as they are; *len is 0 when N is the next seq, i.e. nothing was missed), or 0 when line N is no
   longer held (or not sent yet): answer with mj_encode_err(..., MJ_ERR_REPLAY_UNAVAILABLE, ...). */
static inline int mj_replay_from(const mj_replay *r, uint32_t from, const char **start, size_t *len) {
  uint32_t k = from >= r->first_seq ? from - r->first_seq : from + (MJ_SEQ_MAX + 1 - r->first_seq); /* lines to skip */
  if (k > r->count) return 0;
  size_t off = 0;
  for (uint32_t i = 0; i < k; i++) off = (size_t)((const char *)memchr(r->buf + off, '\n', r->used - off) - r->buf) + 1;
  *start = r->buf + off;
  *len = r->used - off;
  return 1;
}

/* ---- Bluetooth LE (PROTOCOL.md §1.1): header byte = kind (2 bits) | index mod 4 (2 bits) | counter (4 bits) ---- */
#define MJ_BLE_SINGLE 0x00
#define MJ_BLE_FIRST 0x40
#define MJ_BLE_CONT 0x80
#define MJ_BLE_LAST 0xC0

/* Line length without a trailing "\n" / "\r\n", or 0 when the line is empty, too long or not printable ASCII. */
static inline size_t mj__ble_len(const char *line, size_t n) {
  if (n > 0 && line[n - 1] == '\n') n--;
  if (n > 0 && line[n - 1] == '\r') n--;
  if (n == 0 || n > MJ_MAX_LINE) return 0;
  for (size_t i = 0; i < n; i++) if ((uint8_t)line[i] < 0x20 || (uint8_t)line[i] > 0x7E) return 0;
  return n;
}
/* How many pieces of mtu bytes (2..512, header included) the line takes; 0 when it cannot be sent. */
static inline size_t mj_ble_count(const char *line, size_t n, size_t mtu) {
  n = mj__ble_len(line, n);
  if (n == 0 || mtu < 2 || mtu > 512) return 0;
  return (n + mtu - 2) / (mtu - 1);
}
/* Writes piece k (0-based) of the line into out (room for mtu bytes); returns its length, 0 on error.
   counter: 0..15, +1 per line sent. Send the pieces in order, k = 0 .. mj_ble_count() - 1. */
static inline size_t mj_ble_piece(const char *line, size_t n, size_t mtu, uint8_t counter, size_t k, uint8_t *out) {
  size_t count = mj_ble_count(line, n, mtu);
  if (count == 0 || k >= count || counter > 15) return 0;
  n = mj__ble_len(line, n);
  size_t size = mtu - 1, start = k * size, end = start + size < n ? start + size : n;
  uint8_t kind = count == 1 ? MJ_BLE_SINGLE : k == 0 ? MJ_BLE_FIRST : k == count - 1 ? MJ_BLE_LAST : MJ_BLE_CONT;
  out[0] = (uint8_t)(kind | ((k & 3) << 4) | counter);
  memcpy(out + 1, line + start, end - start);
  return 1 + end - start;
}

/* Reasons a piece (or a partial line) is rejected; names as in ble.ts (BleRejectReason). */
typedef enum {
  MJ_BLE_EMPTY_PIECE = 1, MJ_BLE_ORPHAN, MJ_BLE_INTERRUPTED, MJ_BLE_COUNTER_MISMATCH, MJ_BLE_MISSING_PIECE,
  MJ_BLE_BAD_INDEX, MJ_BLE_EMPTY_LINE, MJ_BLE_TOO_LONG
} mj_ble_reject;

static inline const char *mj_ble_reject_name(mj_ble_reject r) {
  static const char *const names[] = {"?", "empty-piece", "orphan", "interrupted", "counter-mismatch", "missing-piece", "bad-index", "empty-line", "too-long"};
  return (unsigned)r <= 8 ? names[r] : "?";
}

typedef struct {
  uint8_t assembling, counter, next;
  size_t len;                 /* bytes in line */
  char line[MJ_MAX_LINE + 1]; /* the line being built; after mj_ble_push returns 1: the whole line, NUL-terminated */
} mj_ble_rx;

static inline void mj_ble_reset(mj_ble_rx *rx) { rx->assembling = 0; rx->next = 0; rx->len = 0; }

/* Feeds one received piece. Returns 1 when a line is complete (rx->line, rx->len; feed it to mj_decode),
   else 0. rej[0..*nrej) receives what was rejected (at most 2: a dropped partial line, then the piece). */
static inline int mj_ble_push(mj_ble_rx *rx, const uint8_t *p, size_t n, mj_ble_reject rej[2], int *nrej) {
  *nrej = 0;
  if (n == 0) { rej[(*nrej)++] = MJ_BLE_EMPTY_PIECE; return 0; }
  uint8_t kind = p[0] & 0xC0, index = (p[0] >> 4) & 3, counter = p[0] & 15;
  if (kind == MJ_BLE_SINGLE || kind == MJ_BLE_FIRST) {
    if (rx->assembling) { rej[(*nrej)++] = MJ_BLE_INTERRUPTED; mj_ble_reset(rx); }
    if (index != 0) { rej[(*nrej)++] = MJ_BLE_BAD_INDEX; return 0; }
    if (kind == MJ_BLE_SINGLE && n == 1) { rej[(*nrej)++] = MJ_BLE_EMPTY_LINE; return 0; }
    if (n - 1 > MJ_MAX_LINE) { rej[(*nrej)++] = MJ_BLE_TOO_LONG; return 0; }
    memcpy(rx->line, p + 1, n - 1);
    rx->len = n - 1;
    if (kind == MJ_BLE_SINGLE) { rx->line[rx->len] = '\0'; return 1; }
    rx->assembling = 1;
    rx->counter = counter;
    rx->next = 1;
    return 0;
  }
  if (!rx->assembling) { rej[(*nrej)++] = MJ_BLE_ORPHAN; return 0; }
  if (counter != rx->counter) { rej[(*nrej)++] = MJ_BLE_COUNTER_MISMATCH; mj_ble_reset(rx); return 0; }
  if (index != rx->next) { rej[(*nrej)++] = MJ_BLE_MISSING_PIECE; mj_ble_reset(rx); return 0; }
  if (rx->len + n - 1 > MJ_MAX_LINE) { rej[(*nrej)++] = MJ_BLE_TOO_LONG; mj_ble_reset(rx); return 0; }
  memcpy(rx->line + rx->len, p + 1, n - 1);
  rx->len += n - 1;
  rx->next = (uint8_t)((rx->next + 1) & 3);
  if (kind == MJ_BLE_LAST) {
    rx->line[rx->len] = '\0';
    rx->assembling = 0;
    rx->next = 0;
    return 1;
  }
  return 0;
}

/* ---- Start of frame and the line reader (PROTOCOL.md §2 "Start of frame") ----
 *
 *   mj_frame_sof(out, cap, b)  as mj_frame, with the start-of-frame byte 0x02 first: "\x02<b>*CCCC\n"
 *                              (for a reader that says sof=1 in its HELLO); returns the length or -1
 *   mj_lines_push(&rx, byte)   the line splitter of lines.ts RawLineSplitter, one byte at a time:
 *                              returns MJ_LINE_NONE, or what the byte completed:
 *                                MJ_LINE_OK    a line: rx.buf[0 .. rx.len), without "\r\n" / "\n"
 *                                MJ_LINE_CUT   a frame cut off by a 0x02 before its newline: rx.len bytes
 *                                              (1 .. MJ_MAX_LINE), the first min(rx.len, 80) in rx.buf
 *                                MJ_LINE_LONG  a line longer than MJ_MAX_LINE: rx.len bytes, the first 80 in rx.buf
 *                              A 0x02 at the start of a line is dropped; blank lines give nothing.
 *                              Holds at most MJ_MAX_LINE + 1 bytes, however long a line grows.
 *   mj_lines_reset(&rx)        forgets the line under way (a new connection)
 */
#define MJ_SOF 0x02
#define MJ_OVERLONG_HEAD 80 /* bytes of an overlong or cut line that are kept */

static inline int mj_frame_sof(char *out, size_t cap, const char *body) {
  if (cap < 1) return -1;
  int k = mj_frame(out + 1, cap - 1, body);
  if (k < 0) return -1;
  out[0] = (char)MJ_SOF;
  return k + 1;
}

typedef enum { MJ_LINE_NONE = 0, MJ_LINE_OK, MJ_LINE_CUT, MJ_LINE_LONG } mj_line_kind;

typedef struct {
  char buf[MJ_MAX_LINE + 2]; /* the line under way (at most MJ_MAX_LINE + 1 bytes: a last \r), then a 0 */
  size_t len;                /* on a result: its length in bytes; while a line is under way: the bytes seen */
  int last_cr;               /* the last byte seen was \r */
  int done;                  /* buf holds a result: the next byte starts afresh */
} mj_line_rx;

static inline void mj_lines_reset(mj_line_rx *rx) { rx->len = 0; rx->last_cr = 0; rx->done = 0; }

static inline mj_line_kind mj_lines_push(mj_line_rx *rx, uint8_t c) {
  if (rx->done) mj_lines_reset(rx);
  if (c == '\n' || c == MJ_SOF) {
    size_t n = rx->len - (c == '\n' && rx->last_cr ? 1 : 0);
    mj_line_kind k = n > MJ_MAX_LINE ? MJ_LINE_LONG : n == 0 ? MJ_LINE_NONE : c == '\n' ? MJ_LINE_OK : MJ_LINE_CUT;
    if (k == MJ_LINE_NONE) { mj_lines_reset(rx); return k; }
    rx->len = n;
    rx->buf[k == MJ_LINE_OK ? n : (n < MJ_OVERLONG_HEAD ? n : MJ_OVERLONG_HEAD)] = '\0';
    rx->done = 1;
    return k;
  }
  if (rx->len < MJ_MAX_LINE + 1) rx->buf[rx->len] = (char)c;
  rx->len++;
  rx->last_cr = c == '\r';
  return MJ_LINE_NONE;
}

#endif /* MJ_PROTO_H */
