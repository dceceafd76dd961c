/* What a target (platform/avr.c, platform/samd21.c) gives the board files and main.c. */
#ifndef MJR_PLATFORM_H
#define MJR_PLATFORM_H
#include <stddef.h>
#include <stdint.h>

void mjr_platform_init(void);
uint64_t mjr_platform_ms(void);                                  /* ms since boot, 64-bit */
size_t mjr_platform_send(void *ctx, const uint8_t *b, size_t n); /* the UART to the hub (blocking) */
int mjr_platform_rx(uint8_t *b);                                 /* 1 with a byte from the hub, else 0 */
uint8_t mjr_platform_spi(uint8_t out);                           /* one SPI byte, full duplex */
void mjr_platform_delay_us(uint16_t us);
/* GPIO by board pin number (the wiring tables of firmware/README.md) */
void mjr_platform_pin_out(uint8_t pin, uint8_t high);
uint8_t mjr_platform_pin_in(uint8_t pin);
#endif
