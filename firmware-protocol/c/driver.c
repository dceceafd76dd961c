/*
 * Test driver of mj_proto.h for test/c-reference.test.ts (and for firmware authors who want to check a
 * port of it). Reads commands on stdin, one per line, and answers one line each on stdout:
 *
 *   D <hex line>             decode:  "OK <dump>\t<the message encoded again>"  or  "BAD <reason> <field or ->"
 *   F <mtu> <counter> <hex>  BLE fragment:  "P <hex piece> ..."  ("P -" when the line cannot be sent)
 *   B <hex piece|-> ...      BLE reassembly, one result per piece:  "S <line hex or .>:<reasons, or .> ..."
 *   R <n> <from> ...         replay ring: adds "HB seq=i up=i*1000" for i < n, then for each from:
 *                            "R <hex of the replayed bytes, or . when empty, or X when unavailable> ..."
 *   U <hex bytes> <0|1>      mj_uid_set(lsb_first): "U <uid hex>" or "U X"
 *   L <hex bytes|->          line reader (mj_lines_push) on a fresh reader: "L" then one " l:<hex line>",
 *                            " c:<length>:<hex head>" (cut frame) or " o:<length>:<hex head>" (overlong) per result
 *
 * Build: cc -std=c99 -Wall -O1 -o /tmp/mjdriver firmware-protocol/c/driver.c
 */
#define MJ_MAX_TAGS 512
#define MJ_MAX_ZONES 2048
#define MJ_REPLAY_BYTES 128
#include <stdio.h>
#include <stdlib.h>
#include "mj_proto.h"

static char input[1 << 17];
static char line[1 << 16];
static mj_msg msg;
static char out[MJ_MAX_LINE + 8];
static mj_ble_rx rx;
static mj_replay ring;
static mj_line_rx lrx;

static size_t unhex(const char *h, size_t n, char *dst) {
  size_t k = 0;
  for (size_t i = 0; i + 1 < n; i += 2) dst[k++] = (char)((mj_hexval(h[i]) << 4) | mj_hexval(h[i + 1]));
  return k;
}
static void puthex(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) printf("%02X", (unsigned)(uint8_t)s[i]);
}
static void putuid(const mj_uid *u) {
  for (size_t i = 0; i < u->len; i++) printf("%02X", u->b[i]);
}
static void putrssi(int8_t r) {
  if (r != MJ_RSSI_NONE) printf("%d", (int)r);
}

static void dump(const mj_msg *m) {
  switch (m->type) {
    case MJ_T_HELLO:
      printf("HELLO|%s|%s|%u|", m->reader, m->firmware, (unsigned)m->proto);
      for (size_t i = 0; i < m->nzones; i++) printf("%s%s", i ? "," : "", m->zones[i]);
      if (m->deb) printf("|%u/%u", (unsigned)m->deb, (unsigned)m->scan_ms);
      else printf("|-");
      break;
    case MJ_T_SNAP:
      printf("SNAP|%lu|%s|", (unsigned long)m->seq, m->zone);
      for (size_t i = 0; i < m->ntags; i++) { if (i) printf(","); putuid(&m->tags[i]); }
      if (!m->has_rssi) printf("|-");
      else {
        printf("|=");
        for (size_t i = 0; i < m->ntags; i++) { if (i) printf(","); putrssi(m->rssis[i]); }
      }
      break;
    case MJ_T_ADD:
    case MJ_T_DEL:
      printf("%s|%lu|%s|", m->type == MJ_T_ADD ? "ADD" : "DEL", (unsigned long)m->seq, m->zone);
      putuid(&m->tag);
      if (m->type == MJ_T_ADD) {
        printf("|");
        if (m->rssi == MJ_RSSI_NONE) printf("-"); else putrssi(m->rssi);
      }
      break;
    case MJ_T_HB:
      printf("HB|%lu|%llu", (unsigned long)m->seq, (unsigned long long)m->up_ms);
      break;
    case MJ_T_ERR:
      printf("ERR|%lu|%u|%s|%s", (unsigned long)m->seq, (unsigned)m->code, m->zone, m->text);
      break;
    case MJ_T_CMD:
      switch (m->cmd) {
        case MJ_CMD_SNAP: printf("CMD|snap|%s", m->zone); break;
        case MJ_CMD_BLINK: printf("CMD|blink|%lu", (unsigned long)m->ms); break;
        case MJ_CMD_SCAN: printf("CMD|scan|%lu", (unsigned long)m->ms); break;
        case MJ_CMD_REPLAY: printf("CMD|replay|%lu", (unsigned long)m->from); break;
      }
      break;
  }
}

int main(void) {
  while (fgets(input, sizeof input, stdin)) {
    size_t n = strlen(input);
    while (n > 0 && (input[n - 1] == '\n' || input[n - 1] == '\r')) input[--n] = '\0';
    if (n == 0) continue;
    char cmd = input[0];
    const char *arg = n > 2 ? input + 2 : "";
    if (cmd == 'D') {
      size_t len = unhex(arg, strlen(arg), line);
      mj_status s = mj_decode(line, len, &msg);
      if (s != MJ_OK) {
        printf("BAD %s %s\n", mj_status_name(s), msg.field[0] ? msg.field : "-");
        continue;
      }
      printf("OK ");
      dump(&msg);
      int k = mj_encode_msg(out, sizeof out, &msg);
      printf("\t%.*s\n", k > 0 ? k - 1 : 0, out);
    } else if (cmd == 'F') {
      unsigned mtu = 0, counter = 0;
      char hex[1 << 14];
      if (sscanf(arg, "%u %u %16383s", &mtu, &counter, hex) != 3) { printf("P -\n"); continue; }
      size_t len = unhex(hex, strlen(hex), line);
      size_t count = mj_ble_count(line, len, mtu);
      printf("P");
      if (count == 0) printf(" -");
      for (size_t k = 0; k < count; k++) {
        uint8_t piece[512];
        size_t pn = mj_ble_piece(line, len, mtu, (uint8_t)counter, k, piece);
        printf(" ");
        puthex((const char *)piece, pn);
      }
      printf("\n");
    } else if (cmd == 'B') {
      mj_ble_reset(&rx);
      printf("S");
      const char *p = arg;
      while (*p) {
        const char *e = strchr(p, ' ');
        size_t tn = e ? (size_t)(e - p) : strlen(p);
        size_t len = (tn == 1 && p[0] == '-') ? 0 : unhex(p, tn, line);
        mj_ble_reject rej[2];
        int nrej = 0;
        int done = mj_ble_push(&rx, (const uint8_t *)line, len, rej, &nrej);
        printf(" ");
        if (done) puthex(rx.line, rx.len); else printf(".");
        printf(":");
        if (nrej == 0) printf(".");
        for (int i = 0; i < nrej; i++) printf("%s%s", i ? "," : "", mj_ble_reject_name(rej[i]));
        p += tn;
        while (*p == ' ') p++;
      }
      printf("\n");
    } else if (cmd == 'R') {
      char *p = (char *)arg;
      unsigned long count = strtoul(p, &p, 10);
      mj_replay_init(&ring);
      for (unsigned long i = 0; i < count; i++) {
        int k = mj_encode_hb(out, sizeof out, (uint32_t)i, (uint64_t)i * 1000);
        mj_replay_add(&ring, (uint32_t)i, out, (size_t)k);
      }
      printf("R");
      while (*p) {
        unsigned long from = strtoul(p, &p, 10);
        const char *start;
        size_t len;
        printf(" ");
        if (!mj_replay_from(&ring, (uint32_t)from, &start, &len)) printf("X");
        else if (len == 0) printf(".");
        else puthex(start, len);
        while (*p == ' ') p++;
      }
      printf("\n");
    } else if (cmd == 'L') {
      mj_lines_reset(&lrx);
      printf("L");
      size_t an = strlen(arg);
      if (an == 1 && arg[0] == '-') an = 0;
      for (size_t i = 0; i + 1 < an; i += 2) {
        uint8_t b = (uint8_t)((mj_hexval(arg[i]) << 4) | mj_hexval(arg[i + 1]));
        mj_line_kind k = mj_lines_push(&lrx, b);
        if (k == MJ_LINE_NONE) continue;
        size_t kept = k == MJ_LINE_OK ? lrx.len : (lrx.len < MJ_OVERLONG_HEAD ? lrx.len : MJ_OVERLONG_HEAD);
        if (k == MJ_LINE_OK) printf(" l:");
        else printf(" %c:%lu:", k == MJ_LINE_CUT ? 'c' : 'o', (unsigned long)lrx.len);
        puthex(lrx.buf, kept);
      }
      printf("\n");
    } else if (cmd == 'U') {
      char hex[64];
      int lsb = 0;
      if (sscanf(arg, "%63s %d", hex, &lsb) != 2) { printf("U X\n"); continue; }
      size_t len = unhex(hex, strlen(hex), line);
      mj_uid u;
      if (!mj_uid_set(&u, (const uint8_t *)line, len, lsb)) printf("U X\n");
      else { printf("U "); putuid(&u); printf("\n"); }
    } else {
      printf("?\n");
    }
    fflush(stdout);
  }
  return 0;
}
