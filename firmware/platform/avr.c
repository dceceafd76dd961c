/*
 * ATmega2560 (Arduino Mega 2560, 16 MHz) glue: USART0 at 115200 8N1 to the USB bridge, the SPI
 * master on PB1 SCK / PB2 MOSI / PB3 MISO (PB0 SS kept an output), Timer0 for a millisecond clock,
 * and the board's chip selects and lines (the board files call mjr_platform_pin_out / _in).
 * Register level, from the ATmega640/1280/2560 data sheet (2549Q): §22.10 USART0 (UBRR0 with U2X0:
 * 16 MHz / (8 × (16 + 1)) = 117647 baud, 2.1 % off 115200), §21.2 SPI (SPCR: master, mode 0, fosc/4
 * = 4 MHz; both MFRC522 and PN5180 allow more), §16.9 Timer0 (CTC, prescaler 64, OCR0A 249: 1 ms).
 * NOT RUN ON HARDWARE: built and size-checked by firmware/build.sh avr; the core's self-test runs
 * in simavr (platform/avr_selftest.c).
 */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <util/delay.h>
#include "platform.h"

static volatile uint32_t ms_low;
static uint32_t ms_high, ms_last;

ISR(TIMER0_COMPA_vect) { ms_low++; }

uint64_t mjr_platform_ms(void) {
  uint32_t now;
  uint8_t s = SREG;
  cli();
  now = ms_low;
  SREG = s;
  if (now < ms_last) ms_high++; /* the 32-bit count wrapped (every 49.7 days) */
  ms_last = now;
  return ((uint64_t)ms_high << 32) | now;
}

void mjr_platform_init(void) {
  UBRR0H = 0;
  UBRR0L = 16;
  UCSR0A = _BV(U2X0);
  UCSR0B = _BV(RXEN0) | _BV(TXEN0);
  UCSR0C = _BV(UCSZ01) | _BV(UCSZ00); /* 8N1 */
  DDRB |= _BV(PB0) | _BV(PB1) | _BV(PB2);
  SPCR = _BV(SPE) | _BV(MSTR); /* mode 0, fosc/4 */
  TCCR0A = _BV(WGM01);
  TCCR0B = _BV(CS01) | _BV(CS00);
  OCR0A = 249;
  TIMSK0 = _BV(OCIE0A);
  sei();
}

size_t mjr_platform_send(void *ctx, const uint8_t *b, size_t n) {
  (void)ctx;
  for (size_t i = 0; i < n; i++) {
    while (!(UCSR0A & _BV(UDRE0))) {}
    UDR0 = b[i];
  }
  return n;
}

int mjr_platform_rx(uint8_t *b) {
  if (!(UCSR0A & _BV(RXC0))) return 0;
  *b = UDR0;
  return 1;
}

uint8_t mjr_platform_spi(uint8_t out) {
  SPDR = out;
  while (!(SPSR & _BV(SPIF))) {}
  return SPDR;
}

void mjr_platform_delay_us(uint16_t us) {
  while (us--) _delay_us(1);
}

/* Board pins as (port index << 3) | bit, ports A=0 B=1 C=2 D=3 E=4 F=5 G=6 H=7 J=8 K=9 L=10 (data sheet §13.4). */
static volatile uint8_t *const port_out[11] = {&PORTA, &PORTB, &PORTC, &PORTD, &PORTE, &PORTF, &PORTG, &PORTH, &PORTJ, &PORTK, &PORTL};
static volatile uint8_t *const port_ddr[11] = {&DDRA, &DDRB, &DDRC, &DDRD, &DDRE, &DDRF, &DDRG, &DDRH, &DDRJ, &DDRK, &DDRL};
static volatile uint8_t *const port_in[11] = {&PINA, &PINB, &PINC, &PIND, &PINE, &PINF, &PING, &PINH, &PINJ, &PINK, &PINL};

void mjr_platform_pin_out(uint8_t pin, uint8_t high) {
  uint8_t p = pin >> 3, m = (uint8_t)(1u << (pin & 7));
  *port_ddr[p] |= m;
  if (high) *port_out[p] |= m;
  else *port_out[p] &= (uint8_t)~m;
}

uint8_t mjr_platform_pin_in(uint8_t pin) {
  uint8_t p = pin >> 3, m = (uint8_t)(1u << (pin & 7));
  *port_ddr[p] &= (uint8_t)~m;
  return (*port_in[p] & m) ? 1 : 0;
}
