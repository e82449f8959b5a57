#!/usr/bin/env bash
# Publishes Router, BackendStub and LoadClient self-contained for linux-x64 into artifacts/publish/<name>/, which the
# Dockerfiles COPY. Done on the host because NuGet inside a container fails TLS here (the container has no copy of
# the host's CA bundle); the runtime packs (Microsoft.NETCore.App.Runtime.linux-x64, Microsoft.AspNetCore.App.Runtime.
# linux-x64) restore from the host's NuGet source.
# The router is trimmed (TRIM=0 to publish it whole): PublishTrimmed with TrimMode=partial, which trims only the
# assemblies that declare themselves trimmable (the .NET runtime and ASP.NET Core) and keeps the router, Wire, WCF
# and the other packages whole, with reflection-based System.Text.Json left on (Router/Router.csproj): 45 MB instead
# of 110. A full trim (TrimMode=full, the SDK's default) broke the config reader. BackendStub and LoadClient are test
# tools, not trimmed.
# No symbols (DebugType=none) and English resources only (SatelliteResourceLanguages=en): smaller images.
# Usage: scripts/docker-publish.sh [project ...]   (default: Router BackendStub LoadClient)
set -euo pipefail
cd "$(dirname "$0")/.."
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

projects=("$@")
[ ${#projects[@]} -gt 0 ] || projects=(Router BackendStub LoadClient)
mkdir -p artifacts
for project in "${projects[@]}"; do
  out="artifacts/publish/$(echo "$project" | tr '[:upper:]' '[:lower:]')"
  echo "== dotnet publish $project -> $out/"
  rm -rf "$out"
  trim=()
  [ "$project" = Router ] && [ "${TRIM:-1}" = 1 ] && trim=(-p:PublishTrimmed=true)
  dotnet publish "$project/$project.csproj" -c Release -r linux-x64 --self-contained -o "$out" -nologo -v quiet \
    -p:DebugType=none -p:SatelliteResourceLanguages=en "${trim[@]}" > "artifacts/publish-$project.log" 2>&1 \
    || { cat "artifacts/publish-$project.log" >&2; exit 1; }
  echo "   $(du -sh "$out" | cut -f1)${trim:+ (trimmed)}"
done
