/* Self-test of mj_proto.h against lines of vectors/v0.json.
   cc -Wall -o /tmp/mjt firmware-protocol/c/selftest.c && /tmp/mjt */
#include <stdio.h>
#include "mj_proto.h"

static int failures = 0, checks = 0;
#define CHECK(cond) do { checks++; if (!(cond)) { printf("FAIL line %d: %s\n", __LINE__, #cond); failures++; } } while (0)

static int frames_to(const char *body, const char *want) {
  char out[MJ_MAX_LINE + 8];
  return mj_frame(out, sizeof out, body) > 0 && strcmp(out, want) == 0;
}

int main(void) {
  char zone[MJ_MAX_NAME + 1];
  CHECK(mj_crc16("123456789", 9) == 0x29B1);
  CHECK(mj_crc16("", 0) == 0xFFFF);
  CHECK(frames_to("HELLO rdr=RK-E1 fw=0.1.0 proto=0 zones=in,top", "HELLO rdr=RK-E1 fw=0.1.0 proto=0 zones=in,top*1B5C\n"));
  CHECK(frames_to("SNAP seq=12 zone=in tags=04A1B2C3D4E5F6,04A1B2C3D4E5F7", "SNAP seq=12 zone=in tags=04A1B2C3D4E5F6,04A1B2C3D4E5F7*7B73\n"));
  CHECK(frames_to("SNAP seq=0 zone=top tags=", "SNAP seq=0 zone=top tags=*6AE0\n"));
  CHECK(frames_to("ADD seq=13 zone=in tag=04A1B2C3D4E5F6", "ADD seq=13 zone=in tag=04A1B2C3D4E5F6*F571\n"));
  CHECK(frames_to("DEL seq=14 zone=in tag=04A1B2C3D4E5F6", "DEL seq=14 zone=in tag=04A1B2C3D4E5F6*3F13\n"));
  CHECK(frames_to("HB seq=15 up=123456", "HB seq=15 up=123456*C7CA\n"));
  CHECK(frames_to("HB seq=2147483647 up=0", "HB seq=2147483647 up=0*0A58\n"));

  CHECK(mj_parse_cmd("CMD snap*4337", 13, zone) == 1 && zone[0] == '\0');
  CHECK(mj_parse_cmd("CMD snap*4337\r", 14, zone) == 1);
  CHECK(mj_parse_cmd("CMD snap*4338", 13, zone) == 0);
  CHECK(mj_parse_cmd("CMD snap zone=in*60FD", 21, zone) == 1 && strcmp(zone, "in") == 0);
  CHECK(mj_parse_cmd("CMD snap zone=in*60fd", 21, zone) == 1);
  CHECK(mj_parse_cmd("CMD snap zone=in*60F", 20, zone) == 0);
  CHECK(mj_parse_cmd("CMD reboot*66FD", 15, zone) == 0);
  CHECK(mj_check_line("HB seq=15 up=123456*C7CA", 24) == 1);
  CHECK(mj_check_line("HB seq=15 up=123456*0000", 24) == 0);
  CHECK(mj_check_line("ets Jun  8 2016 00:22:57", 24) == 0);

  printf("%d passed, %d failed\n", checks - failures, failures);
  return failures ? 1 : 0;
}
