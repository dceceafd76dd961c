/*
 * A simulated RF front end behind the mjr_hal inventory() call: tag placements per antenna, each
 * with the signal strength it reads at, and the faults a real antenna has: a tag missed for a few
 * inventories, a collision (a tag answered, its UID unreadable), a front end that does not answer.
 * Used by the self-test (selftest_core.c) and the host reader (host/reader.c). C99, no allocation.
 */
#ifndef FAKE_RF_H
#define FAKE_RF_H

#include "../core/mjr_core.h"

#ifndef FRF_MAX
#define FRF_MAX 96 /* placements held */
#endif

typedef struct {
  mj_uid uid;
  int8_t rssi;
  uint8_t antenna;
  uint8_t used;
  uint8_t skip; /* the next `skip` inventories of its antenna miss it */
} frf_place;

typedef struct {
  frf_place p[FRF_MAX];
  uint8_t collide[MJR_MAX_ANTENNAS]; /* the next `collide` inventories of the antenna report a collision */
  uint8_t fault[MJR_MAX_ANTENNAS];   /* 1: the antenna's front end does not answer */
  uint32_t inventories;
} frf;

static inline void frf_init(frf *f) { memset(f, 0, sizeof *f); }

/* Places tag uid on antenna a, read at rssi dBm. Returns 0 when full or already there. */
static inline int frf_put(frf *f, uint8_t a, const mj_uid *uid, int8_t rssi) {
  for (int i = 0; i < FRF_MAX; i++)
    if (f->p[i].used && f->p[i].antenna == a && f->p[i].uid.len == uid->len && memcmp(f->p[i].uid.b, uid->b, uid->len) == 0) return 0;
  for (int i = 0; i < FRF_MAX; i++)
    if (!f->p[i].used) {
      frf_place *p = &f->p[i];
      p->uid = *uid; p->rssi = rssi; p->antenna = a; p->used = 1; p->skip = 0;
      return 1;
    }
  return 0;
}

/* Takes tag uid off antenna a (every antenna when a is 255). Returns how many placements went. */
static inline int frf_take(frf *f, uint8_t a, const mj_uid *uid) {
  int n = 0;
  for (int i = 0; i < FRF_MAX; i++)
    if (f->p[i].used && (a == 255 || f->p[i].antenna == a) && f->p[i].uid.len == uid->len && memcmp(f->p[i].uid.b, uid->b, uid->len) == 0) {
      f->p[i].used = 0;
      n++;
    }
  return n;
}

/* The next `count` inventories of antenna a miss tag uid. */
static inline void frf_miss(frf *f, uint8_t a, const mj_uid *uid, uint8_t count) {
  for (int i = 0; i < FRF_MAX; i++)
    if (f->p[i].used && f->p[i].antenna == a && f->p[i].uid.len == uid->len && memcmp(f->p[i].uid.b, uid->b, uid->len) == 0) f->p[i].skip = count;
}

/* mjr_hal.inventory over the placements. */
static inline mjr_inv frf_inventory(void *ctx, uint8_t a, mjr_read *reads, uint8_t cap) {
  frf *f = (frf *)ctx;
  mjr_inv inv = {0, 0, 0};
  f->inventories++;
  if (a >= MJR_MAX_ANTENNAS || f->fault[a]) { inv.fault = 1; return inv; }
  if (f->collide[a]) { f->collide[a]--; inv.collisions = 1; }
  for (int i = 0; i < FRF_MAX; i++) {
    frf_place *p = &f->p[i];
    if (!p->used || p->antenna != a) continue;
    if (p->skip) { p->skip--; continue; }
    if (inv.collisions) continue; /* the colliding answers hid every UID */
    if (inv.n < cap) { reads[inv.n].uid = p->uid; reads[inv.n].rssi = p->rssi; inv.n++; }
  }
  return inv;
}

/* A UID from hex text (8..24 digits); 0 when not hex of 4..12 bytes. */
static inline int frf_uid(mj_uid *u, const char *hex) {
  size_t n = strlen(hex);
  if (n < 8 || n > 24 || (n & 1)) return 0;
  for (size_t i = 0; i < n; i += 2) {
    int hi = mj_hexval(hex[i]), lo = mj_hexval(hex[i + 1]);
    if (hi < 0 || lo < 0) return 0;
    u->b[i / 2] = (uint8_t)(hi << 4 | lo);
  }
  u->len = (uint8_t)(n / 2);
  return 1;
}

#endif /* FAKE_RF_H */
