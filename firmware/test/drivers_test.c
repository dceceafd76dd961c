/*
 * Host test of the front-end drivers against their register-level fakes (fake_pn5180.h,
 * fake_mfrc522.h). For each case it prints one line:
 *   <case>: n=<reads> coll=<collisions> fault=<0|1> errors=<driver protocol errors seen by the fake> uids=<UID,...>
 * and "frames <case>" followed by the SPI transactions of that case, for test/firmware.test.ts to check.
 */
#include <stdio.h>
#include "../drivers/mfrc522.h"
#include "../drivers/pn5180.h"
#include "fake_mfrc522.h"
#include "fake_pn5180.h"

static void no_delay(void *ctx, uint16_t us) { (void)ctx; (void)us; }

static void print_result(const char *name, mjr_inv inv, const mjr_read *reads, int errors) {
  printf("%s: n=%u coll=%u fault=%u errors=%d uids=", name, inv.n, inv.collisions, inv.fault, errors);
  for (uint8_t i = 0; i < inv.n; i++) {
    if (i) printf(",");
    for (uint8_t b = 0; b < reads[i].uid.len; b++) printf("%02X", reads[i].uid.b[b]);
  }
  printf("\n");
}

static fake_pn5180 fpn;
static fake_mfrc522 fmf[2];

static void pn_case(const char *name, const char *const *tags, int ntags, int absent, int log) {
  mjr_spi spi = {fpn_xfer, fpn_busy, no_delay, &fpn};
  pn5180 p = {&spi, 0};
  mjr_read reads[16];
  fpn_init(&fpn);
  fpn.absent = (uint8_t)absent;
  fpn.logging = (uint8_t)log;
  for (int i = 0; i < ntags; i++) fpn_tag(&fpn, tags[i]);
  mjr_inv inv = pn5180_inventory(&p, reads, 16);
  print_result(name, inv, reads, fpn.errors);
  if (log) printf("frames %s\n%.*s", name, (int)fpn.log_len, fpn.log);
}

static void mf_case(const char *name, const char *const *tags, int ntags, int absent, int log) {
  mjr_spi spi = {fmf_xfer, NULL, no_delay, fmf};
  mfrc522 c = {&spi, 1}; /* multiplexer channel 1 */
  mjr_read reads[16];
  fmf_init(&fmf[0]);
  fmf_init(&fmf[1]);
  fmf_tag(&fmf[0], "0D0E0F10"); /* on channel 0: must never be read through channel 1 */
  fmf[1].absent = (uint8_t)absent;
  for (int i = 0; i < ntags; i++) fmf_tag(&fmf[1], tags[i]);
  mjr_inv inv = mfrc522_inventory(&c, reads, 16);
  fmf[1].logging = (uint8_t)log;
  if (log) inv = mfrc522_inventory(&c, reads, 16); /* the second scan, logged: the chip is set up already */
  print_result(name, inv, reads, fmf[1].errors + fmf[0].errors);
  if (log) {
    /* only the frames sent to the tags: the FIFO writes of each transceive */
    printf("frames %s\n", name);
    const char *s = fmf[1].log;
    char frame[128] = "";
    size_t fl = 0;
    while (*s) {
      const char *e = strchr(s, '\n');
      if (!e) break;
      unsigned a, v;
      if (sscanf(s, "W %x %x", &a, &v) == 2) {
        if ((a >> 1) == MFRC522_FIFODataReg && fl + 4 < sizeof frame) fl += (size_t)snprintf(frame + fl, sizeof frame - fl, "%s%02X", fl ? " " : "", v);
        if ((a >> 1) == MFRC522_BitFramingReg && (v & 0x80)) { printf("tx %s /%u\n", frame, v & 7); fl = 0; frame[0] = '\0'; }
      }
      s = e + 1;
    }
  }
}

int main(void) {
  static const char *const one[] = {"E004015012345678"};
  /* air (least significant) first bytes 78, 88, A8 share slot 8; 01 and 02 sit in slots 1 and 2 */
  static const char *const five[] = {"E004015012345678", "E004015012345688", "E0040150123456A8", "E004015012345601", "E004015012345602"};
  /* 78 in both first air bytes: slot 8, then slot 7 of the masked round again: unresolved */
  static const char *const same[] = {"E004015012345678", "E004015012345578", "E004015012345601"};
  pn_case("pn5180 one tag", one, 1, 0, 1);
  pn_case("pn5180 five tags, three in one slot", five, 5, 0, 0);
  pn_case("pn5180 two tags alike in 8 bits", same, 3, 0, 0);
  pn_case("pn5180 empty field", one, 0, 0, 0);
  pn_case("pn5180 no chip", one, 1, 1, 0);

  static const char *const four[] = {"1A2B3C4D"};
  static const char *const seven[] = {"04A1B2C3D4E5F6"};
  static const char *const stack[] = {"04A1B2C3D4E5F6", "04A1B2C3D4E5F7"};
  static const char *const mixed[] = {"1A2B3C4D", "04A1B2C3D4E5F6"};
  mf_case("mfrc522 4-byte UID", four, 1, 0, 1);
  mf_case("mfrc522 7-byte UID", seven, 1, 0, 1);
  mf_case("mfrc522 two 7-byte tags stacked", stack, 2, 0, 1);
  mf_case("mfrc522 4-byte and 7-byte", mixed, 2, 0, 0);
  mf_case("mfrc522 empty slot", four, 0, 0, 0);
  mf_case("mfrc522 no chip", four, 1, 1, 0);
  return 0;
}
