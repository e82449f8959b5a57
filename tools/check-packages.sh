#!/usr/bin/env bash
# Probes the configured NuGet source for every package the product names and prints, per package,
# the versions the source holds (or MISSING). Exit code 1 when a package the router cannot be built
# without is missing. The router's message layer is System.ServiceModel.* (the .NET WCF client library);
# its listeners are our own on Kestrel, so CoreWCF is listed for information only (it has never been in
# the team's source).
set -uo pipefail

source_url="${NUGET_FLAT_CONTAINER:-https://api.nuget.org/v3-flatcontainer}"

# name|required-for
packages=(
  "System.ServiceModel.Primitives|message layer: Message, encoders, faults (Wire library)"
  "System.ServiceModel.Http|HTTP client bindings (tests, LoadClient wcf mode)"
  "System.ServiceModel.NetTcp|net.tcp client channels"
  "CoreWCF.Primitives|not used: listeners are ours on Kestrel"
  "K4os.Compression.LZ4|LZ4 codec (adaptive compression)"
  "ZstdSharp.Port|Zstandard codec (adaptive compression)"
  "BenchmarkDotNet|microbenchmarks"
  "Serilog|logging"
  "Serilog.Sinks.Console|logging"
  "OpenTelemetry|tracing/metrics"
  "xunit|tests"
)
hard_required=" System.ServiceModel.Primitives System.ServiceModel.Http System.ServiceModel.NetTcp "

missing_required=0
for entry in "${packages[@]}"; do
  name="${entry%%|*}"; purpose="${entry#*|}"
  id="$(echo "$name" | tr '[:upper:]' '[:lower:]')"
  body="$(curl -s --max-time 30 "$source_url/$id/index.json" || true)"
  versions="$(echo "$body" | tr -d ' \n' | sed -n 's/.*"versions":\[\(.*\)\].*/\1/p' | tr -d '"')"
  if [[ -z "$versions" ]]; then
    printf '%-32s MISSING   (%s)\n' "$name" "$purpose"
    [[ "$hard_required" == *" $name "* ]] && missing_required=1
  else
    printf '%-32s %s\n' "$name" "$versions"
  fi
done
exit "$missing_required"
