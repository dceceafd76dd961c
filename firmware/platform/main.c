/* The firmware's entry on a target: the board's front ends and configuration, the core, the main loop. */
#include "../core/mjr_core.h"
#include "../boards/board.h"
#include "platform.h"

static mjr_reader reader;

int main(void) {
  mjr_platform_init();
  mjr_board_init();
  mjr_hal hal = {mjr_board_inventory, mjr_platform_send, mjr_board_led, NULL};
  mjr_init(&reader, &mjr_board_config, &hal);
  mjr_begin(&reader, mjr_platform_ms());
  for (;;) {
    uint8_t b;
    while (mjr_platform_rx(&b)) mjr_rx(&reader, &b, 1);
    mjr_tick(&reader, mjr_platform_ms());
  }
}
