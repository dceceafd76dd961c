#!/bin/sh
# Builds the reference reader firmware (firmware/README.md).
#   firmware/build.sh host [outdir]     the self-test and the pty reader with cc -std=c99 -Wall -Wextra -Werror
#   firmware/build.sh avr [outdir]      ATmega2560 images (gcc-avr, avr-libc): flash and RAM against the chip's limits
#   firmware/build.sh samd21 [outdir]   SAMD21G18 images (gcc-arm-none-eabi, libnewlib-arm-none-eabi): same
# Each cross build fails when an image is larger than the chip's flash or RAM.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
target=${1:-host}
out=${2:-$here/build/$target}
mkdir -p "$out"
CC=${CC:-cc}
WARN="-std=c99 -Wall -Wextra -Werror -pedantic"
core="$here/core/mjr_core.c"

# check_size ELF SIZE-TOOL FLASH-LIMIT RAM-LIMIT NAME: prints flash (text + data) and RAM (data + bss)
# against the chip's limits, and fails past either
check_size() {
  set -- "$1" "$2" "$3" "$4" "$5" $("$2" "$1" | awk 'NR == 2 { print $1, $2, $3 }')
  flash=$(($6 + $7))
  ram=$(($7 + $8))
  echo "$5: flash $flash of $3 bytes ($((flash * 100 / $3)) %), RAM $ram of $4 bytes ($((ram * 100 / $4)) %)"
  if [ "$flash" -gt "$3" ] || [ "$ram" -gt "$4" ]; then
    echo "$5: too big for the chip" >&2
    exit 1
  fi
}

# compare_selftest TOOL NAME RUN FILTER: when TOOL is installed, runs the self-test image in it (the
# shell function RUN prints its serial lines) and fails unless they are, line for line, what the same
# self-test (without BLE) prints on the host, its lines passed through FILTER (a command)
compare_selftest() {
  if ! command -v "$1" >/dev/null 2>&1; then
    echo "$1 not installed: the $2 self-test image was built, not run"
    return 0
  fi
  emulated="$out/selftest-$1.txt"
  "$3" > "$emulated" || { tail -5 "$emulated" >&2; echo "$1: the $2 self-test failed" >&2; exit 1; }
  $CC $WARN -O1 -DMJR_BLE=0 -o "$out/selftest-host" "$here/host/selftest_main.c" "$here/test/selftest_core.c" $core
  { "$out/selftest-host" || true; } | $4 > "$out/selftest-host.txt"
  if ! cmp -s "$emulated" "$out/selftest-host.txt"; then
    diff "$out/selftest-host.txt" "$emulated" | head -20 >&2
    echo "$1: the $2 self-test differs from the host's" >&2
    exit 1
  fi
  echo "$1: the $2 self-test made the same $(wc -l < "$emulated") lines as on the host: $(tail -1 "$emulated")"
}

# the self-test in simavr: its USART0 output (simavr prints each line in colour, ending in "."), bare
run_simavr() {
  esc=$(printf '\033')
  timeout 120 simavr -m atmega2560 -f 16000000 "$out/selftest.elf" 2>&1 | sed "s/$esc\[[0-9;]*m//g" | grep -v '^Loaded ' | sed 's/\.$//' | grep -v '^$'
}

# the self-test in qemu's microbit machine, its semihosting output
run_qemu() {
  timeout 120 qemu-system-arm -M microbit -nographic -monitor none -serial null -semihosting -kernel "$out/selftest-m0.elf" 2>&1
}

case "$target" in
host)
  $CC $WARN -O1 -o "$out/selftest" "$here/host/selftest_main.c" "$here/test/selftest_core.c" $core
  $CC $WARN -O1 -o "$out/drivers" "$here/test/drivers_test.c" "$here/drivers/pn5180.c" "$here/drivers/mfrc522.c"
  # the pty reader: room for a Siamese wall (38 tiles) and a full floor on one reader
  $CC $WARN -O1 -DMJR_MAX_TRACKED=256 -DMJR_LINE_CAP=4200 -DMJR_MAX_READS=64 -DFRF_MAX=400 -o "$out/reader" "$here/host/reader.c" $core
  echo "built $out/selftest $out/drivers $out/reader"
  ;;
avr)
  # ATmega2560: 256 KB flash less the 8 KB bootloader of an Arduino Mega; 8 KB RAM, 1 KB of it left for the stack
  AVR="avr-gcc -mmcu=atmega2560 -DF_CPU=16000000UL -Os -ffunction-sections -fdata-sections -Wl,--gc-sections -DMJR_BLE=0"
  for board in pn5180_rack mfrc522_rack; do
    $AVR $WARN -o "$out/$board.elf" "$here/platform/main.c" "$here/platform/avr.c" "$here/boards/$board.c" $core "$here/drivers/pn5180.c" "$here/drivers/mfrc522.c"
    check_size "$out/$board.elf" avr-size 253952 7168 "ATmega2560 $board"
  done
  # the core's self-test for simavr, smaller tables to fit beside the test's own buffers: its longest line
  # is a SNAP of two tags (under 100 bytes), so 384 bytes of line buffer leave room for the 1200-byte
  # capture its overflow step needs (38 heartbeats) and for the strings avr-gcc keeps in RAM
  $AVR $WARN -DMJR_MAX_TRACKED=16 -DMJR_LINE_CAP=384 -DFRF_MAX=16 -DSELFTEST_CAP=1200 -o "$out/selftest.elf" "$here/platform/avr_selftest.c" "$here/test/selftest_core.c" $core
  check_size "$out/selftest.elf" avr-size 253952 7168 "ATmega2560 selftest"
  # simavr shows a byte it cannot print, such as the start of frame 0x02 (PROTOCOL.md), as "."
  compare_selftest simavr ATmega2560 run_simavr "tr \002 ."
  ;;
samd21)
  # SAMD21G18: 256 KB flash less an 8 KB bootloader (the image starts at 0x2000), 32 KB RAM, 4 KB of it for the stack
  ARM="arm-none-eabi-gcc -mcpu=cortex-m0plus -mthumb -Os -ffunction-sections -fdata-sections -ffreestanding -nostartfiles -Wl,--gc-sections --specs=nano.specs -T $here/platform/samd21.ld"
  for board in pn5180_rack mfrc522_rack; do
    $ARM $WARN -o "$out/$board.elf" "$here/platform/main.c" "$here/platform/samd21.c" "$here/boards/$board.c" $core "$here/drivers/pn5180.c" "$here/drivers/mfrc522.c"
    check_size "$out/$board.elf" arm-none-eabi-size 253952 28672 "SAMD21G18 $board"
  done
  # the core's self-test for a Cortex-M0 in qemu (its microbit machine: Debian's qemu has no SAMD21),
  # the same ARMv6-M code, 16 KB RAM (2 KB kept for the stack)
  M0="arm-none-eabi-gcc -mcpu=cortex-m0plus -mthumb -Os -ffunction-sections -fdata-sections -ffreestanding -nostartfiles -Wl,--gc-sections --specs=nano.specs -T $here/platform/m0_selftest.ld"
  $M0 $WARN -DMJR_BLE=0 -DMJR_MAX_TRACKED=16 -DMJR_LINE_CAP=512 -DFRF_MAX=16 -DSELFTEST_CAP=1200 -o "$out/selftest-m0.elf" "$here/platform/m0_selftest.c" "$here/test/selftest_core.c" $core
  check_size "$out/selftest-m0.elf" arm-none-eabi-size 262144 14336 "Cortex-M0 selftest"
  compare_selftest qemu-system-arm "Cortex-M0 (microbit)" run_qemu cat
  ;;
*)
  echo "usage: firmware/build.sh host|avr|samd21 [outdir]" >&2
  exit 2
  ;;
esac
