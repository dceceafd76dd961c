/* What a board file (boards/pn5180_rack.c, boards/mfrc522_rack.c) gives platform/main.c. */
#ifndef MJR_BOARD_H
#define MJR_BOARD_H
#include "../core/mjr_hal.h"
#include "../core/mjr_core.h"
extern const mjr_config mjr_board_config;
void mjr_board_init(void);
mjr_inv mjr_board_inventory(void *ctx, uint8_t antenna, mjr_read *reads, uint8_t cap);
void mjr_board_led(void *ctx, uint8_t on);
#endif
