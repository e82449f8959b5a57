#!/usr/bin/env bash
# Fails when a private key is tracked in the repository (or staged): a PEM private key block of any kind (PKCS#8,
# RSA, EC, OpenSSH, encrypted), or a key store file by its name (.key, .pfx, .p12, .jks). Test fixtures may hold keys
# made for tests only: a path with a folder named fixtures/ or testdata/. Keys for the smokes and the tests are made
# at run time (scripts/make-certs.sh, Router.Tests' TestPki), so there are none today.
# Usage: scripts/check-private-keys.sh   Last line: "private keys: PASS ..." or "private keys: FAIL ..." (exit 1).
set -uo pipefail
cd "$(dirname "$0")/.."

allowed='(^|/)(fixtures|testdata)/'
# The banner, split so that this file does not match itself.
banner='-----BEGIN ([A-Z0-9]+ )*PRIVATE'' KEY-----'
found=()
# git grep reads the tracked files (the work tree's copies) in one process: a few hundred ms for the whole repository.
while IFS= read -r path; do
  [[ $path =~ $allowed ]] || found+=("$path")
done < <(git grep -l -I -E -e "$banner" 2> /dev/null)
while IFS= read -r path; do
  [[ $path =~ $allowed ]] || found+=("$path (a key store by its name)")
done < <(git ls-files --cached | grep -iE '\.(key|pfx|p12|jks)$')
count=$(git ls-files --cached | wc -l)
if [ ${#found[@]} -eq 0 ]; then
  echo "private keys: PASS none in the $count tracked files (fixtures/ and testdata/ apart)"
else
  printf 'private key tracked: %s\n' "${found[@]}"
  echo "private keys: FAIL ${#found[@]} tracked file(s) hold a private key (${found[0]})"
  exit 1
fi
