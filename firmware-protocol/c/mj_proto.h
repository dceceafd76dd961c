/*
 * Reader line protocol, version 0 (firmware-protocol/PROTOCOL.md): reference helpers for firmware.
 * Header-only, C99, no allocation. Include it in one or more .c files.
 *
 *   mj_crc16(s, n)         CRC-16/CCITT-FALSE of n bytes (check: "123456789" -> 0x29B1)      (§3)
 *   mj_frame(out, cap, b)  writes "<b>*CCCC\n" into out; returns its length, or -1 if it does not fit (§2)
 *   mj_check_line(l, n)    1 when the line (without \n, \r tolerated) has a good "*CCCC" trailer   (§4)
 *   mj_parse_cmd(l, n, z)  1 for a valid "CMD snap" (z[0] = 0) or "CMD snap zone=Z" (z = Z), else 0 (§5.6)
 */
#ifndef MJ_PROTO_H
#define MJ_PROTO_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define MJ_PROTO_VERSION 0
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

#endif /* MJ_PROTO_H */
