#!/usr/bin/env bash
# Probes the configured NuGet source for every package the product names and prints, per package,
# the versions the source holds (or MISSING). Exit code 1 when a package the router cannot be built
# without is missing. Run it after the package source changes to see whether the CoreWCF work can start.
set -uo pipefail

source_url="${NUGET_FLAT_CONTAINER:-https://api.nuget.org/v3-flatcontainer}"

# name|required-for
packages=(
  "CoreWCF.Primitives|router host (CoreWCF server)"
  "CoreWCF.Http|router/BackendStub HTTP listeners"
  "CoreWCF.NetTcp|router/BackendStub net.tcp listeners"
  "System.ServiceModel.Primitives|WCF client (outbound hop, tests, LoadClient)"
  "System.ServiceModel.Http|WCF client HTTP bindings"
  "System.ServiceModel.NetTcp|WCF client net.tcp binding"
  "K4os.Compression.LZ4|LZ4 codec (adaptive compression)"
  "Serilog|logging"
  "Serilog.Sinks.Console|logging"
  "OpenTelemetry|tracing/metrics"
  "xunit|tests"
)
hard_required=" CoreWCF.Primitives CoreWCF.Http CoreWCF.NetTcp System.ServiceModel.Primitives "

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
