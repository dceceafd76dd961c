/* The core's self-test on the ATmega2560, for simavr: its output on USART0, then sleep with interrupts off (simavr stops). */
#include <avr/io.h>
#include <avr/interrupt.h>
#include <avr/sleep.h>
#include "../test/selftest_core.h"

static void out(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    while (!(UCSR0A & _BV(UDRE0))) {}
    UDR0 = (uint8_t)s[i];
  }
}

int main(void) {
  UBRR0L = 16;
  UCSR0A = _BV(U2X0);
  UCSR0B = _BV(TXEN0);
  UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
  mjr_selftest(out);
  while (!(UCSR0A & _BV(TXC0))) {}
  cli();
  sleep_mode();
  for (;;) {}
}
