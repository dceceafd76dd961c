/*
 * The core's self-test (firmware/README.md "Self-test"): drives mjr_core through a scripted scan
 * history on the simulated front end (fake_rf.h) with a virtual clock, writes every byte the core
 * sends through out() (serial lines as they are; BLE pieces as "P <hex>" lines), a "# <step>" line
 * before each step, and checks the lines itself. The last line is "# selftest: <n> passed, <f> failed".
 * Pure C99, no stdio: the same file runs on the host (host/selftest_main.c), in simavr and in qemu.
 * test/firmware.test.ts decodes every line with the TypeScript codec and checks them exactly.
 */
#include "selftest_core.h"
#include "fake_rf.h"

static void (*out_fn)(const char *s, size_t n);
static int passed, failed;
#ifndef SELFTEST_CAP
#define SELFTEST_CAP 2048
#endif
static char cap[SELFTEST_CAP]; /* what the reader sent since the last step marker, serial only */
static size_t cap_len;
static int led_state, led_changes;

static void out_str(const char *s) { out_fn(s, strlen(s)); }
static void out_num(uint32_t v) {
  char d[11];
  size_t k = 0;
  do { d[k++] = (char)('0' + v % 10); v /= 10; } while (v);
  char o[11];
  for (size_t i = 0; i < k; i++) o[i] = d[k - 1 - i];
  out_fn(o, k);
}

static void step(const char *name) {
  out_str("# ");
  out_str(name);
  out_str("\n");
  cap_len = 0;
  cap[0] = '\0';
}

static void check(int ok, const char *what) {
  if (ok) { passed++; return; }
  failed++;
  out_str("# FAIL ");
  out_str(what);
  out_str("\n");
}

/* 1 when a line starting with `prefix` (after its start of frame 0x02) was sent since the last step */
static int sent(const char *prefix) {
  size_t n = strlen(prefix);
  for (size_t i = 0; i + n <= cap_len; i++)
    if ((i == 0 || cap[i - 1] == '\n') && cap[i] == MJ_SOF && i + 1 + n <= cap_len && memcmp(cap + i + 1, prefix, n) == 0) return 1;
  return 0;
}
static int lines_sent(void) {
  int k = 0;
  for (size_t i = 0; i < cap_len; i++) k += cap[i] == '\n';
  return k;
}

static size_t serial_send(void *ctx, const uint8_t *b, size_t n) {
  (void)ctx;
  out_fn((const char *)b, n);
  if (cap_len + n < sizeof cap) { memcpy(cap + cap_len, b, n); cap_len += n; cap[cap_len] = '\0'; }
  return n;
}
#if MJR_BLE
static size_t ble_send(void *ctx, const uint8_t *b, size_t n) {
  static const char hex[] = "0123456789ABCDEF";
  (void)ctx;
  out_str("P ");
  for (size_t i = 0; i < n; i++) { char h[2] = {hex[b[i] >> 4], hex[b[i] & 15]}; out_fn(h, 2); }
  out_str("\n");
  cap_len++; /* counts pieces */
  return n;
}
#endif
static void led(void *ctx, uint8_t on) { (void)ctx; led_state = on; led_changes++; }

static void rx(mjr_reader *r, const char *s) { mjr_rx(r, (const uint8_t *)s, strlen(s)); }
/* Sends the hub line `body` framed with its CRC (mj_frame) */
static void cmd(mjr_reader *r, const char *body) {
  char line[64];
  int n = mj_frame(line, sizeof line, body);
  if (n > 0) mjr_rx(r, (const uint8_t *)line, (size_t)n);
}

static mjr_reader reader;
static frf rf;
static const char *const zones[] = {"in", "top"};
static const uint8_t antenna_zone[] = {0, 0, 1};
static const mjr_config cfg = {
    "RK-T1", MJR_FW_VERSION "+selftest", 2, zones, 3, antenna_zone, 1, -70, 2, 3, 100, 40, 1000, 0,
};

int mjr_selftest(void (*out)(const char *s, size_t n)) {
  mj_uid A, B, C, D;
  mjr_hal hal = {frf_inventory, serial_send, led, &rf};
  out_fn = out;
  passed = failed = 0;
  frf_uid(&A, "E004015012345678");
  frf_uid(&B, "E004015012345679");
  frf_uid(&C, "04A1B2C3D4E5F6");
  frf_uid(&D, "E0040150AABBCCDD");
  frf_init(&rf);
  mjr_init(&reader, &cfg, &hal);

  step("boot: tag A lies on antenna 0 (zone in)");
  frf_put(&rf, 0, &A, -48);
  mjr_begin(&reader, 0);
  check(sent("HELLO rdr=RK-T1 fw=1.0.0+selftest proto=1 zones=in,top deb=2 scan=100 sof=1*"), "HELLO with deb=2 scan=100 sof=1");
  check(sent("SNAP seq=0 zone=in tags=E004015012345678 rssi=-48*"), "boot SNAP in");
  check(sent("SNAP seq=1 zone=top tags= rssi=*"), "boot SNAP top");
  check(lines_sent() == 3, "3 lines at boot");

  step("add: tag B on antenna 1, present after N=2 scans");
  frf_put(&rf, 1, &B, -52);
  mjr_tick(&reader, 100);
  check(lines_sent() == 0, "no ADD after one scan");
  mjr_tick(&reader, 200);
  check(sent("ADD seq=2 zone=in tag=E004015012345679 rssi=-52*"), "ADD B at the second scan");

  step("flicker: B missed by 2 scans (M=3): no DEL");
  frf_miss(&rf, 1, &B, 2);
  mjr_tick(&reader, 300);
  mjr_tick(&reader, 400);
  mjr_tick(&reader, 500);
  check(lines_sent() == 0, "nothing sent");

  step("del: A taken off, gone after M=3 scans");
  frf_take(&rf, 255, &A);
  mjr_tick(&reader, 600);
  mjr_tick(&reader, 700);
  check(lines_sent() == 0, "no DEL after two misses");
  mjr_tick(&reader, 800);
  check(sent("DEL seq=3 zone=in tag=E004015012345678*"), "DEL A at the third miss");

  step("neighbour: C on antenna 2 (top) at -45, read weakly by antenna 1 (in) at -78");
  frf_put(&rf, 2, &C, -45);
  frf_put(&rf, 1, &C, -78);
  mjr_tick(&reader, 900);
  mjr_tick(&reader, 1000);
  check(sent("ADD seq=4 zone=top tag=04A1B2C3D4E5F6 rssi=-45*"), "ADD C in top only");
  check(sent("HB seq=5 up=1000*"), "HB at 1000 ms");
  check(lines_sent() == 2, "no ADD of C in zone in");

  step("collision: antenna 1 collides for 3 scans: one ERR, B held");
  rf.collide[1] = 3;
  mjr_tick(&reader, 1100);
  mjr_tick(&reader, 1200);
  mjr_tick(&reader, 1300);
  check(sent("ERR seq=6 code=6 zone=in text=collision*"), "ERR code=6 once");
  check(lines_sent() == 1, "no DEL while colliding");
  mjr_tick(&reader, 1400);

  step("snap: CMD snap, then CMD snap zone=top");
  cmd(&reader, "CMD snap");
  check(sent("HELLO rdr=RK-T1 "), "HELLO first");
  check(sent("SNAP seq=7 zone=in tags=E004015012345679 rssi=-52*"), "SNAP in");
  check(sent("SNAP seq=8 zone=top tags=04A1B2C3D4E5F6 rssi=-45*"), "SNAP top");
  cmd(&reader, "CMD snap zone=top");
  check(sent("SNAP seq=9 zone=top tags=04A1B2C3D4E5F6 rssi=-45*"), "SNAP top alone");
  check(lines_sent() == 5, "3 + 2 lines");

  step("replay: from=2 re-sends 2..9; from=10 (next) nothing; from=11 ERR code=4");
  cmd(&reader, "CMD replay from=2");
  check(sent("ADD seq=2 zone=in tag=E004015012345679 rssi=-52*") && sent("SNAP seq=9 "), "lines 2..9");
  check(lines_sent() == 8, "8 lines replayed");
  cap_len = 0;
  cmd(&reader, "CMD replay from=10");
  check(lines_sent() == 0, "nothing for the next seq");
  cmd(&reader, "CMD replay from=11");
  check(sent("ERR seq=10 code=4 text=not-sent-yet-next-is-10*"), "ERR code=4 for the future");

  step("bad commands: unknown, out of range, below the reader's minimum, unknown zone, bad CRC");
  cmd(&reader, "CMD dance");
  cmd(&reader, "CMD scan ms=5");
  cmd(&reader, "CMD scan ms=20");
  cmd(&reader, "CMD snap zone=floor");
  rx(&reader, "CMD snap*0000\n");
  check(sent("ERR seq=11 code=1 text=bad-command*"), "ERR code=1");
  check(sent("ERR seq=12 code=2 text=bad-ms*"), "ERR code=2 out of range");
  check(sent("ERR seq=13 code=2 text=scan-min-40*"), "ERR code=2 below the minimum");
  check(sent("ERR seq=14 code=3 text=no-zone-floor*"), "ERR code=3");
  check(lines_sent() == 4, "the bad CRC is ignored");

  step("blink and scan: CMD blink ms=300, CMD scan ms=50; D on antenna 0 is added 2 scans (100 ms) later");
  cmd(&reader, "CMD blink ms=300");
  cmd(&reader, "CMD scan ms=50");
  check(lines_sent() == 0 && led_state == 1, "silent; LED on");
  frf_put(&rf, 0, &D, -50);
  mjr_tick(&reader, 1450);
  mjr_tick(&reader, 1500);
  check(sent("ADD seq=15 zone=in tag=E0040150AABBCCDD rssi=-50*"), "ADD D at 1500 ms");

  step("fault: antenna 2 stops answering: one ERR code=5, C held");
  rf.fault[2] = 1;
  for (uint32_t t = 1550; t <= 2000; t += 50) mjr_tick(&reader, t);
  check(sent("ERR seq=16 code=5 zone=top text=antenna-2-no-answer*"), "ERR code=5 once");
  check(sent("HB seq=17 up=2000*"), "HB at 2000 ms");
  check(lines_sent() == 2, "no DEL of C");
  check(led_state == 0 && led_changes == 2, "LED off after 300 ms");
  rf.fault[2] = 0;
  mjr_tick(&reader, 2050);

  step("overflow: 38 heartbeats push the oldest lines out of the replay ring");
  for (uint32_t t = 3000; t <= 40000; t += 1000) mjr_tick(&reader, t);
  check(sent("HB seq=18 up=3000*") && sent("HB seq=55 up=40000*"), "HB 18..55");
  cmd(&reader, "CMD replay from=2");
  check(sent("ERR seq=56 code=4 text=oldest-held-is-"), "ERR code=4 for a line no longer held");

#if MJR_BLE
  {
    static mjr_reader ble;
    static const char *const z1[] = {"in"};
    static const uint8_t a1[] = {0};
    static const mjr_config bcfg = {"RK-B1", MJR_FW_VERSION, 1, z1, 1, a1, 1, -70, 2, 3, 100, 40, 1000, 20};
    mjr_hal bhal = {frf_inventory, ble_send, NULL, &rf};
    step("ble: a BLE reader (mtu 20) sends pieces; CMD replay from=0 arrives in 2 pieces");
    mjr_init(&ble, &bcfg, &bhal);
    mjr_begin(&ble, 0);
    /* HELLO (43 bytes without \n: 3 pieces) and SNAP seq=0 with B, D and C (weak, on antenna 1? no: antenna 0 only) */
    check(cap_len >= 5, "HELLO and SNAP in pieces");
    cap_len = 0;
    const uint8_t p1[] = {0x45, 'C', 'M', 'D', ' ', 'r', 'e', 'p', 'l', 'a', 'y', ' ', 'f', 'r', 'o', 'm', '=', '0', '*', '5'};
    const uint8_t p2[] = {0xD5, '8', '0', '4'};
    mjr_rx_piece(&ble, p1, sizeof p1);
    check(cap_len == 0, "nothing before the last piece");
    mjr_rx_piece(&ble, p2, sizeof p2);
    check(cap_len >= 2, "SNAP seq=0 replayed in pieces");
  }
#endif

  out_str("# selftest: ");
  out_num((uint32_t)passed);
  out_str(" passed, ");
  out_num((uint32_t)failed);
  out_str(" failed\n");
  return failed;
}
