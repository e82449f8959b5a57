#!/usr/bin/env bash
# Coverage-guided fuzzing of the parsers (docs/security.md, "Fuzzing"): SharpFuzz 2.3.0 instruments copies of SoapRouter.Wire.dll
# and Router.dll, and afl-fuzz (AFL++, the Debian package afl++) runs FuzzCoverage's harnesses out of process, each for
# SECONDS: the [MC-NMF] preamble decoder and envelope-record decoder, the text lexer and header scanner (the To
# locator of the verbatim path), the msbin1 To locator, the streaming XPath (its parser and its evaluator) and the
# five decompressors. Seeds come from `Fuzz --write-corpus` (the driver's own seeds). Any crash is listed at the end
# and fails the run; the crashing inputs stay in artifacts/fuzz-coverage/findings/<harness>/default/crashes/.
# Usage: [HARNESSES="preamble text-to ..."] scripts/fuzz-coverage.sh [seconds per harness (120)]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/common.sh
seconds="${1:-120}"
out=artifacts/fuzz-coverage; mkdir -p "$out"
harnesses="${HARNESSES:-preamble envelope-record text-to msbin1-to xpath gzip deflate brotli lz4 zstd}"
command -v afl-fuzz > /dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq afl++ > /dev/null 2>&1; } \
  || { echo "fuzz-coverage: afl-fuzz is not installed and could not be (apt-get install afl++)" >&2; exit 1; }
[ -x "$out/tools/sharpfuzz" ] || dotnet tool install --tool-path "$out/tools" SharpFuzz.CommandLine --version 2.3.0 > "$out/tool.log" 2>&1 \
  || { cat "$out/tool.log"; exit 1; }
dotnet build FuzzCoverage/FuzzCoverage.csproj -c Release -v quiet -nologo > "$out/build.log" 2>&1 || { cat "$out/build.log"; exit 1; }
dotnet build Fuzz/Fuzz.csproj -c Release -v quiet -nologo >> "$out/build.log" 2>&1 || { cat "$out/build.log"; exit 1; }

# Instrument copies: the build's own assemblies stay as they are.
rm -rf "$out/bin" "$out/corpus"; cp -r FuzzCoverage/bin/Release/net10.0 "$out/bin"
for assembly in SoapRouter.Wire.dll Router.dll; do "$out/tools/sharpfuzz" "$out/bin/$assembly" > /dev/null; done
dotnet "$(bin Fuzz)" --write-corpus "$out/corpus"

export AFL_SKIP_BIN_CHECK=1 AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_AFFINITY=1
status=0
for harness in $harnesses; do
  rm -rf "$out/findings/$harness"; mkdir -p "$out/findings"
  afl-fuzz -i "$out/corpus/$harness" -o "$out/findings/$harness" -t 5000 -m none -V "$seconds" \
    -- "$(command -v dotnet)" "$out/bin/FuzzCoverage.dll" "$harness" > "$out/$harness.log" 2>&1 || { echo "$harness: afl-fuzz failed:"; tail -n 15 "$out/$harness.log"; status=1; continue; }
  stats="$out/findings/$harness/default/fuzzer_stats"
  execs=$(awk -F: '/^execs_done/ {gsub(/ /, "", $2); print $2}' "$stats")
  paths=$(awk -F: '/^corpus_count/ {gsub(/ /, "", $2); print $2}' "$stats")
  crashes=$(awk -F: '/^saved_crashes/ {gsub(/ /, "", $2); print $2}' "$stats")
  hangs=$(awk -F: '/^saved_hangs/ {gsub(/ /, "", $2); print $2}' "$stats")
  echo "$harness: $execs executions in ${seconds} s, corpus $paths, crashes $crashes, hangs $hangs"
  [[ "$crashes" == 0 && "$hangs" == 0 ]] || status=1
done
exit "$status"
