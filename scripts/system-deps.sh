#!/usr/bin/env bash
# Installs the Debian packages the full test suite needs (fonts for the tile renderer, Chinese and
# Japanese fonts for the translated pages and their screenshots, Chromium
# for browser tests, PostgreSQL for the storage tests). Without root it says what is missing and
# the tests that need it skip with that message; under CI=true they are required.
set -u
packages=(fonts-arphic-ukai fonts-dejavu-core fonts-noto-cjk chromium postgresql)
missing=()
for package in "${packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit $?
fi
echo "not root: cannot install ${missing[*]}; tests that need them will be skipped" >&2
if [ "${CI:-}" = "true" ]; then exit 1; fi
exit 0
