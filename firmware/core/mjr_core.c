/* The reader core: see mjr_core.h. */
#include "mjr_core.h"

#define CFG_N(r) ((r)->cfg->present_after ? (r)->cfg->present_after : MJR_PRESENT_AFTER)
#define CFG_M(r) ((r)->cfg->gone_after ? (r)->cfg->gone_after : MJR_GONE_AFTER)

static uint32_t take_seq(mjr_reader *r) {
  uint32_t s = r->seq;
  r->seq = s >= MJ_SEQ_MAX ? 0 : s + 1;
  return s;
}

/* Sends a finished line (with its "\n") over the transport: whole, or as BLE pieces. */
static void transmit(mjr_reader *r, const char *line, size_t n) {
#if MJR_BLE
  if (r->cfg->ble_mtu) {
    uint8_t piece[512];
    size_t mtu = r->cfg->ble_mtu > sizeof piece ? sizeof piece : r->cfg->ble_mtu;
    size_t count = mj_ble_count(line, n, mtu);
    for (size_t k = 0; k < count; k++) {
      size_t len = mj_ble_piece(line, n, mtu, r->ble_counter, k, piece);
      if (r->hal.send(r->hal.ctx, piece, len) < len) r->overrun = 1;
    }
    r->ble_counter = (uint8_t)((r->ble_counter + 1) & 15);
    return;
  }
#endif
  /* serial: the start of frame 0x02 before every line (HELLO says sof=1; PROTOCOL.md §2), so a line
     cut off by a reset or a lost byte never swallows the next one at the hub */
  static const uint8_t sof = MJ_SOF;
  if (r->hal.send(r->hal.ctx, &sof, 1) < 1) r->overrun = 1;
  if (r->hal.send(r->hal.ctx, (const uint8_t *)line, n) < n) r->overrun = 1;
}

/* A sequenced line just encoded into r->line (length n, -1 when it did not fit): keep it for replay, send it. */
static void emit_seq(mjr_reader *r, uint32_t seq, int n) {
  if (n < 0) { r->overrun = 1; return; }
  mj_replay_add(&r->replay, seq, r->line, (size_t)n);
  transmit(r, r->line, (size_t)n);
}

static void emit_err(mjr_reader *r, unsigned code, const char *zone, const char *text) {
  uint32_t s = take_seq(r);
  emit_seq(r, s, mj_encode_err(r->line, sizeof r->line, s, code, zone, text));
}

/* Writes "prefix" + decimal v into out (cap bytes, NUL-terminated). */
static void text_num(char *out, size_t cap, const char *prefix, uint32_t v) {
  size_t n = strlen(prefix);
  char d[11];
  size_t k = 0;
  if (n + 12 > cap) { out[0] = '\0'; return; }
  memcpy(out, prefix, n);
  do { d[k++] = (char)('0' + v % 10); v /= 10; } while (v);
  while (k) out[n++] = d[--k];
  out[n] = '\0';
}

static void emit_snap(mjr_reader *r, uint8_t zone) {
  /* the line is written field by field into r->line: tags and rssi of the present pairs of the zone */
  static const char hex[] = "0123456789ABCDEF";
  char *o = r->line;
  size_t cap = sizeof r->line - 8, n = 0;
  uint32_t s = take_seq(r);
  const char *z = r->cfg->zones[zone];
  int ok = 1, first = 1;
#define PUT(str, len) do { size_t l_ = (len); if (n + l_ > cap) ok = 0; else { memcpy(o + n, (str), l_); n += l_; } } while (0)
  char num[24];
  text_num(num, sizeof num, "SNAP seq=", s);
  PUT(num, strlen(num));
  PUT(" zone=", 6);
  PUT(z, strlen(z));
  PUT(" tags=", 6);
  for (size_t i = 0; i < MJR_MAX_TRACKED; i++) {
    const mjr_tag *t = &r->tags[i];
    if (!t->used || !t->present || t->zone != zone) continue;
    if (!first) PUT(",", 1);
    first = 0;
    for (size_t b = 0; b < t->uid.len; b++) {
      char h[2] = {hex[t->uid.b[b] >> 4], hex[t->uid.b[b] & 15]};
      PUT(h, 2);
    }
  }
  if (r->cfg->has_rssi) {
    PUT(" rssi=", 6);
    first = 1;
    for (size_t i = 0; i < MJR_MAX_TRACKED; i++) {
      const mjr_tag *t = &r->tags[i];
      if (!t->used || !t->present || t->zone != zone) continue;
      if (!first) PUT(",", 1);
      first = 0;
      if (t->rssi != MJ_RSSI_NONE) {
        int v = t->rssi;
        if (v < 0) { PUT("-", 1); v = -v; }
        char d[4];
        size_t k = 0;
        do { d[k++] = (char)('0' + v % 10); v /= 10; } while (v);
        while (k) { k--; PUT(&d[k], 1); }
      }
    }
  }
#undef PUT
  if (!ok || n > MJ_MAX_LINE - 5) { emit_seq(r, s, -1); return; }
  o[n] = '\0';
  emit_seq(r, s, mj_frame(r->line, sizeof r->line, r->line));
}

static void hello_and_snaps(mjr_reader *r, int only_zone) {
  /* the debounce is on board (a tag is reported after N scans read it): "deb=N scan=<period>" says so,
     and the hub then settles a strong read at once (PROTOCOL.md §5.1); N = 1 is no debounce: not announced */
  unsigned deb = CFG_N(r) >= 2 ? CFG_N(r) : 0;
  int n = mj_encode_hello_deb(r->line, sizeof r->line, r->cfg->reader_id, r->cfg->firmware, MJ_PROTO_VERSION, r->cfg->zones, r->cfg->nzones, deb, r->scan_ms);
#if MJR_BLE
  int serial = !r->cfg->ble_mtu;
#else
  int serial = 1;
#endif
  /* over serial the HELLO announces sof=1: "HELLO ... zones=in,top deb=2 scan=10 sof=1*CCCC\n" (the body without its
     "*CCCC\n" trailer, the field, framed again) */
  if (n >= 6 && serial && (size_t)n + 6 < sizeof r->line) {
    memcpy(r->line + n - 6, " sof=1", 7);
    n = mj_frame(r->line, sizeof r->line, r->line);
  }
  if (n < 0) r->overrun = 1;
  else transmit(r, r->line, (size_t)n); /* HELLO is not sequenced and not replayed (§6) */
  for (uint8_t z = 0; z < r->cfg->nzones; z++)
    if (only_zone < 0 || only_zone == z) emit_snap(r, z);
}

void mjr_init(mjr_reader *r, const mjr_config *cfg, const mjr_hal *hal) {
  memset(r, 0, sizeof *r);
  r->cfg = cfg;
  r->hal = *hal;
  r->scan_ms = cfg->scan_ms ? cfg->scan_ms : MJR_SCAN_MS;
  mj_replay_init(&r->replay);
#if MJR_BLE
  mj_ble_reset(&r->ble_rx);
#endif
}

static int same_uid(const mj_uid *a, const mj_uid *b) {
  return a->len == b->len && memcmp(a->b, b->b, a->len) == 0;
}

/* The pair (uid, zone), or a new candidate slot for it, or -1 when the table is full. */
static int find_or_add(mjr_reader *r, const mj_uid *uid, uint8_t zone) {
  int free_slot = -1;
  for (int i = 0; i < MJR_MAX_TRACKED; i++) {
    mjr_tag *t = &r->tags[i];
    if (!t->used) { if (free_slot < 0) free_slot = i; continue; }
    if (t->zone == zone && same_uid(&t->uid, uid)) return i;
  }
  if (free_slot >= 0) {
    mjr_tag *t = &r->tags[free_slot];
    memset(t, 0, sizeof *t);
    t->used = 1;
    t->uid = *uid;
    t->zone = zone;
    t->rssi = MJ_RSSI_NONE;
  }
  return free_slot;
}

/* a stronger than b (MJ_RSSI_NONE is weakest) */
static int stronger(int8_t a, int8_t b) {
  if (a == MJ_RSSI_NONE) return 0;
  if (b == MJ_RSSI_NONE) return 1;
  return a > b;
}

static void scan(mjr_reader *r, int announce) {
  const mjr_config *c = r->cfg;
  uint8_t hold[MJR_MAX_ZONE_COUNT] = {0}; /* zone had a collision or fault: count no misses */
  uint8_t full = 0;
  for (int i = 0; i < MJR_MAX_TRACKED; i++) { r->tags[i].seen = 0; r->tags[i].best = MJ_RSSI_NONE; }
  for (uint8_t a = 0; a < c->nantennas; a++) {
    uint8_t z = c->antenna_zone[a];
    mjr_inv inv = r->hal.inventory(r->hal.ctx, a, r->reads, MJR_MAX_READS);
    if (inv.fault) {
      hold[z] = 1;
      if (!(r->fault[a] & 1) && announce) {
        char text[24];
        text_num(text, sizeof text, "antenna-", a);
        memcpy(text + strlen(text), "-no-answer", 11);
        emit_err(r, MJ_ERR_RF_FAULT, c->zones[z], text);
      }
      r->fault[a] = 1;
      continue;
    }
    if (inv.collisions) {
      hold[z] = 1;
      if (!(r->fault[a] & 2) && announce) emit_err(r, MJ_ERR_TAG_UNREADABLE, c->zones[z], "collision");
    }
    r->fault[a] = inv.collisions ? 2 : 0;
    for (uint8_t k = 0; k < inv.n && k < MJR_MAX_READS; k++) {
      int i = find_or_add(r, &r->reads[k].uid, z);
      if (i < 0) { full = 1; continue; }
      mjr_tag *t = &r->tags[i];
      /* a weak read (a neighbour's tile) keeps a present tag but never adds one */
      if (!t->present && c->weak_rssi && r->reads[k].rssi != MJ_RSSI_NONE && r->reads[k].rssi <= c->weak_rssi) {
        if (!t->seen) t->used = 0;
        continue;
      }
      if (!t->seen || stronger(r->reads[k].rssi, t->best)) t->best = r->reads[k].rssi;
      t->seen = 1;
    }
  }
  /* a tag read in several zones counts only where it read strongest (ties: where it is present, else
     the first zone); one present in a zone that cannot be read this scan (held) stays there */
  for (int i = 0; i < MJR_MAX_TRACKED; i++) {
    mjr_tag *t = &r->tags[i];
    if (!t->used || !t->seen) continue;
    for (int j = 0; j < MJR_MAX_TRACKED; j++) {
      mjr_tag *u = &r->tags[j];
      if (j == i || !u->used || !same_uid(&t->uid, &u->uid)) continue;
      if (!u->seen) {
        if (u->present && hold[u->zone]) { t->seen = 0; break; }
        continue;
      }
      int u_wins = stronger(u->best, t->best) || (!stronger(t->best, u->best) && (u->present > t->present || (u->present == t->present && u->zone < t->zone)));
      if (u_wins) { t->seen = 0; break; }
    }
  }
  /* DELs of this scan before its ADDs: a tile lifted and one placed in the same scan were most likely
     lifted first (a discard: off the rack, onto the floor) */
  for (int i = 0; i < MJR_MAX_TRACKED; i++) {
    mjr_tag *t = &r->tags[i];
    if (!t->used || t->seen || hold[t->zone]) continue;
    t->hits = 0;
    if (!t->present) { t->used = 0; continue; } /* a candidate that flickered: forgotten */
    if (++t->misses >= CFG_M(r)) {
      t->used = 0;
      if (announce) {
        uint32_t s = take_seq(r);
        emit_seq(r, s, mj_encode_del(r->line, sizeof r->line, s, c->zones[t->zone], &t->uid));
      }
    }
  }
  for (int i = 0; i < MJR_MAX_TRACKED; i++) {
    mjr_tag *t = &r->tags[i];
    if (!t->used || !t->seen) continue;
    t->misses = 0;
    if (t->hits < 255) t->hits++;
    t->rssi = t->best;
    if (!t->present && t->hits >= CFG_N(r)) {
      t->present = 1;
      if (announce) {
        uint32_t s = take_seq(r);
        emit_seq(r, s, mj_encode_add(r->line, sizeof r->line, s, c->zones[t->zone], &t->uid, c->has_rssi ? t->rssi : MJ_RSSI_NONE));
      }
    }
  }
  if (full && announce) emit_err(r, MJR_ERR_TAG_TABLE_FULL, NULL, "tag-table-full");
  r->scans++;
}

void mjr_scan(mjr_reader *r) { scan(r, 1); }

void mjr_begin(mjr_reader *r, uint64_t now) {
  r->now = now;
  for (uint8_t i = 0; i < CFG_N(r); i++) scan(r, 0);
  hello_and_snaps(r, -1);
  r->next_scan = now + r->scan_ms;
  r->next_hb = now + (r->cfg->hb_ms ? r->cfg->hb_ms : MJR_HB_MS);
}

void mjr_connected(mjr_reader *r) { hello_and_snaps(r, -1); }

int mjr_blinking(const mjr_reader *r) { return r->blink_until > r->now; }

void mjr_tick(mjr_reader *r, uint64_t now) {
  uint16_t hb = r->cfg->hb_ms ? r->cfg->hb_ms : MJR_HB_MS;
  r->now = now;
  if (r->overrun) {
    r->overrun = 0;
    emit_err(r, MJ_ERR_OVERRUN, NULL, "output-full");
  }
  if (now >= r->next_scan) {
    scan(r, 1);
    r->next_scan += r->scan_ms;
    if (r->next_scan <= now) r->next_scan = now + r->scan_ms; /* fell behind: no burst of scans */
  }
  if (now >= r->next_hb) {
    uint32_t s = take_seq(r);
    emit_seq(r, s, mj_encode_hb(r->line, sizeof r->line, s, now));
    r->next_hb += hb;
    if (r->next_hb <= now) r->next_hb = now + hb;
  }
  if (r->blink_until && now >= r->blink_until) {
    r->blink_until = 0;
    if (r->hal.led) r->hal.led(r->hal.ctx, 0);
  }
}

static void replay_from(mjr_reader *r, uint32_t from) {
  const char *start;
  size_t len;
  if (mj_replay_from(&r->replay, from, &start, &len)) {
    /* byte for byte as first sent: line by line (BLE needs whole lines) */
    while (len > 0) {
      const char *nl = (const char *)memchr(start, '\n', len);
      size_t n = (size_t)(nl - start) + 1;
      transmit(r, start, n);
      start += n;
      len -= n;
    }
    return;
  }
  char text[40];
  if (r->replay.count == 0) text_num(text, sizeof text, "nothing-held-next-is-", r->seq);
  else if (from > r->seq && from - r->seq < 1000000UL) text_num(text, sizeof text, "not-sent-yet-next-is-", r->seq);
  else text_num(text, sizeof text, "oldest-held-is-", r->replay.first_seq);
  emit_err(r, MJ_ERR_REPLAY_UNAVAILABLE, NULL, text);
}

/* One complete hub line (without "\n"). */
static void handle_line(mjr_reader *r, const char *line, size_t n) {
  mj_status s = mj_decode(line, n, &r->msg);
  if (s == MJ_MALFORMED && n >= 4 && memcmp(line, "CMD ", 4) == 0) {
    /* the CRC is right but the command is not one we can carry out */
    char text[40] = "bad-";
    size_t fl = strlen(r->msg.field);
    if (fl > 32) fl = 32;
    memcpy(text + 4, r->msg.field, fl);
    text[4 + fl] = '\0';
    emit_err(r, strcmp(r->msg.field, "command") == 0 ? MJ_ERR_UNKNOWN_COMMAND : MJ_ERR_BAD_ARGUMENT, NULL, fl ? text : NULL);
    return;
  }
  if (s != MJ_OK || r->msg.type != MJ_T_CMD) return; /* not for a reader, or damaged: ignored (§4) */
  switch (r->msg.cmd) {
    case MJ_CMD_SNAP: {
      int zone = -1;
      if (r->msg.zone[0]) {
        for (uint8_t z = 0; z < r->cfg->nzones; z++)
          if (strcmp(r->cfg->zones[z], r->msg.zone) == 0) zone = z;
        if (zone < 0) {
          char text[48] = "no-zone-";
          memcpy(text + 8, r->msg.zone, strlen(r->msg.zone) + 1);
          emit_err(r, MJ_ERR_UNKNOWN_ZONE, NULL, text);
          return;
        }
      }
      hello_and_snaps(r, zone);
      return;
    }
    case MJ_CMD_BLINK:
      r->blink_until = r->msg.ms ? r->now + r->msg.ms : 0;
      if (r->hal.led) r->hal.led(r->hal.ctx, r->msg.ms ? 1 : 0);
      return;
    case MJ_CMD_SCAN: {
      uint16_t min = r->cfg->min_scan_ms > 10 ? r->cfg->min_scan_ms : 10;
      if (r->msg.ms < min) {
        char text[24];
        text_num(text, sizeof text, "scan-min-", min);
        emit_err(r, MJ_ERR_BAD_ARGUMENT, NULL, text);
        return;
      }
      r->scan_ms = (uint16_t)r->msg.ms;
      r->next_scan = r->now + r->scan_ms;
      return;
    }
    case MJ_CMD_REPLAY:
      replay_from(r, r->msg.from);
      return;
  }
}

void mjr_rx(mjr_reader *r, const uint8_t *bytes, size_t n) {
  for (size_t i = 0; i < n; i++) {
    char ch = (char)bytes[i];
    if (ch == '\n') {
      size_t len = r->rx_len;
      if (len > 0 && r->rx[len - 1] == '\r') len--;
      if (!r->rx_drop && len > 0) handle_line(r, r->rx, len);
      r->rx_len = 0;
      r->rx_drop = 0;
    } else if (r->rx_len < sizeof r->rx) {
      r->rx[r->rx_len++] = ch;
    } else {
      r->rx_drop = 1; /* too long for a command: ignored up to the next "\n" */
    }
  }
}

#if MJR_BLE
void mjr_rx_piece(mjr_reader *r, const uint8_t *piece, size_t n) {
  mj_ble_reject rej[2];
  int nrej;
  if (mj_ble_push(&r->ble_rx, piece, n, rej, &nrej)) handle_line(r, r->ble_rx.line, r->ble_rx.len);
}
#endif
