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

case "$target" in
host)
  $CC $WARN -O1 -o "$out/selftest" "$here/host/selftest_main.c" "$here/test/selftest_core.c" $core
  $CC $WARN -O1 -o "$out/drivers" "$here/test/drivers_test.c" "$here/drivers/pn5180.c" "$here/drivers/mfrc522.c"
  echo "built $out/selftest $out/drivers"
  ;;
*)
  echo "usage: firmware/build.sh host|avr|samd21 [outdir]" >&2
  exit 2
  ;;
esac
