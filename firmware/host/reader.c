/*
 * The firmware as a reader on the host: the core (core/mjr_core.c) over a simulated RF front end
 * (test/fake_rf.h). Every protocol line it writes to stdout is made by the core; stdin brings what
 * a real reader gets from the world:
 *
 *   put <antenna> <UID> <rssi>     a tag now lies on the antenna and reads at rssi dBm
 *   take <antenna|*> <UID>         it is gone from the antenna (every antenna: *)
 *   miss <antenna> <UID> <n>       the next n inventories of the antenna miss it
 *   collide <antenna> <n>          the next n inventories of the antenna collide (no UID readable)
 *   fault <antenna> <0|1>          the antenna's front end stops / starts answering
 *   rx <hex>                       bytes from the hub (the UART's receive line)
 *   connect                        a host opened the port: HELLO and a SNAP per zone
 *
 * Usage: reader --id RK-E1 --zones in,top [--antennas 2] [--scan-ms 10] [--present 2] [--gone 3]
 * Antenna a belongs to zone a / antennas (antennas per zone). The clock is CLOCK_MONOTONIC.
 * Built by firmware/build.sh host; the simulator runs one per reader (hub/simulator/firmware-reader.ts).
 */
#define _POSIX_C_SOURCE 200809L
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "../core/mjr_core.h"
#include "../test/fake_rf.h"

static frf rf;
static mjr_reader reader;
static struct timespec t0;

static uint64_t now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)(t.tv_sec - t0.tv_sec) * 1000u + (uint64_t)((t.tv_nsec - t0.tv_nsec) / 1000000L);
}

static size_t out(void *ctx, const uint8_t *b, size_t n) {
  (void)ctx;
  size_t w = fwrite(b, 1, n, stdout);
  fflush(stdout);
  return w;
}

static void fail(const char *what, const char *arg) {
  fprintf(stderr, "reader: %s%s\n", what, arg ? arg : "");
  exit(2);
}

static void command(char *line) {
  char *w = strtok(line, " \r\n");
  if (!w) return;
  if (strcmp(w, "connect") == 0) { mjr_connected(&reader); return; }
  if (strcmp(w, "rx") == 0) {
    char *h = strtok(NULL, " \r\n");
    uint8_t b[1024];
    size_t n = 0;
    for (size_t i = 0; h && h[i] && h[i + 1] && n < sizeof b; i += 2) b[n++] = (uint8_t)(mj_hexval(h[i]) << 4 | mj_hexval(h[i + 1]));
    mjr_rx(&reader, b, n);
    return;
  }
  char *a = strtok(NULL, " \r\n");
  if (!a) fail("no antenna in: ", w);
  unsigned ant = strcmp(a, "*") == 0 ? 255 : (unsigned)atoi(a);
  if (ant != 255 && ant >= reader.cfg->nantennas) fail("no such antenna: ", a);
  if (strcmp(w, "collide") == 0 || strcmp(w, "fault") == 0) {
    char *n = strtok(NULL, " \r\n");
    if (!n || ant == 255) fail("bad line: ", w);
    if (w[0] == 'c') rf.collide[ant] = (uint8_t)atoi(n);
    else rf.fault[ant] = (uint8_t)atoi(n);
    return;
  }
  char *u = strtok(NULL, " \r\n");
  mj_uid uid;
  if (!u || !frf_uid(&uid, u)) fail("bad UID in: ", w);
  char *x = strtok(NULL, " \r\n");
  if (strcmp(w, "put") == 0 && ant != 255) {
    int rssi = x ? atoi(x) : MJ_RSSI_NONE;
    if (!frf_put(&rf, (uint8_t)ant, &uid, (int8_t)rssi)) fail("cannot put (there already, or too many): ", u);
  } else if (strcmp(w, "take") == 0) {
    frf_take(&rf, (uint8_t)ant, &uid);
  } else if (strcmp(w, "miss") == 0 && x && ant != 255) {
    frf_miss(&rf, (uint8_t)ant, &uid, (uint8_t)atoi(x));
  } else {
    fail("unknown line: ", w);
  }
}

int main(int argc, char **argv) {
  static char zone_names[MJR_MAX_ZONE_COUNT][MJ_MAX_NAME + 1];
  static const char *zones[MJR_MAX_ZONE_COUNT];
  static uint8_t antenna_zone[MJR_MAX_ANTENNAS];
  static mjr_config cfg;
  const char *id = NULL, *zone_list = NULL;
  int per_zone = 2;
  cfg.firmware = MJR_FW_VERSION "+host";
  cfg.has_rssi = 1;
  cfg.weak_rssi = -65;
  cfg.scan_ms = 10;
  cfg.min_scan_ms = 10;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (strcmp(argv[i], "--id") == 0) id = argv[i + 1];
    else if (strcmp(argv[i], "--zones") == 0) zone_list = argv[i + 1];
    else if (strcmp(argv[i], "--antennas") == 0) per_zone = atoi(argv[i + 1]);
    else if (strcmp(argv[i], "--scan-ms") == 0) cfg.scan_ms = (uint16_t)atoi(argv[i + 1]);
    else if (strcmp(argv[i], "--present") == 0) cfg.present_after = (uint8_t)atoi(argv[i + 1]);
    else if (strcmp(argv[i], "--gone") == 0) cfg.gone_after = (uint8_t)atoi(argv[i + 1]);
    else fail("unknown option ", argv[i]);
  }
  if (!id || !zone_list) fail("usage: reader --id ID --zones Z1,Z2 [--antennas N] [--scan-ms MS] [--present N] [--gone M]", NULL);
  cfg.reader_id = id;
  for (const char *p = zone_list; *p;) {
    const char *e = strchr(p, ',');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    if (cfg.nzones == MJR_MAX_ZONE_COUNT || n == 0 || n > MJ_MAX_NAME) fail("bad --zones ", zone_list);
    memcpy(zone_names[cfg.nzones], p, n);
    zones[cfg.nzones] = zone_names[cfg.nzones];
    cfg.nzones++;
    p += n + (e ? 1 : 0);
  }
  if (per_zone < 1 || per_zone * cfg.nzones > MJR_MAX_ANTENNAS) fail("bad --antennas", NULL);
  cfg.zones = zones;
  cfg.nantennas = (uint8_t)(per_zone * cfg.nzones);
  for (int a = 0; a < cfg.nantennas; a++) antenna_zone[a] = (uint8_t)(a / per_zone);
  cfg.antenna_zone = antenna_zone;

  mjr_hal hal = {frf_inventory, out, NULL, &rf};
  clock_gettime(CLOCK_MONOTONIC, &t0);
  frf_init(&rf);
  mjr_init(&reader, &cfg, &hal);
  mjr_begin(&reader, now_ms());
  char line[4200];
  size_t len = 0;
  for (;;) {
    struct pollfd p = {0, POLLIN, 0};
    if (poll(&p, 1, 2) > 0) {
      char buf[4096];
      ssize_t n = read(0, buf, sizeof buf);
      if (n <= 0) return 0; /* stdin closed: power off */
      for (ssize_t i = 0; i < n; i++) {
        if (buf[i] == '\n') { line[len] = '\0'; command(line); len = 0; }
        else if (len + 1 < sizeof line) line[len++] = buf[i];
      }
    }
    mjr_tick(&reader, now_ms());
  }
}
