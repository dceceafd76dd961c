/*
 * The SPI bus the front-end drivers (pn5180.h, mfrc522.h) talk through. A board implements it over
 * its SPI peripheral and GPIOs; the host tests implement it over register-level fakes.
 */
#ifndef MJR_SPI_H
#define MJR_SPI_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
  /* One SPI transaction with front end `dev`: chip select low, n bytes out of tx while n bytes come
     into rx (rx may be NULL), chip select high. SPI mode 0, MSB first. For a front end behind an
     analog multiplexer the board sets the multiplexer's select lines to `dev` first. */
  void (*xfer)(void *ctx, uint8_t dev, const uint8_t *tx, uint8_t *rx, size_t n);
  /* The BUSY line of front end `dev` (PN5180 only; NULL for MFRC522 builds): 1 while high. */
  uint8_t (*busy)(void *ctx, uint8_t dev);
  /* Waits at least us microseconds. */
  void (*delay_us)(void *ctx, uint16_t us);
  void *ctx;
} mjr_spi;

#endif /* MJR_SPI_H */
