#!/usr/bin/env bash
# Publishes Router, BackendStub and LoadClient self-contained for linux-x64 into artifacts/publish/<name>/, which the
# Dockerfiles COPY. Done on the host because NuGet inside a container fails TLS here (the container has no copy of
# the host's CA bundle); the runtime packs (Microsoft.NETCore.App.Runtime.linux-x64, Microsoft.AspNetCore.App.Runtime.
# linux-x64) restore from the host's NuGet source.
# Not trimmed: a trimmed router (PublishTrimmed, 37 MB instead of 110) dies at start, its config reader's
# reflection-based System.Text.Json lost RouterConfig's constructor (README, Docker); WCF's serializers also work by
# reflection.
# No symbols (DebugType=none) and English resources only (SatelliteResourceLanguages=en): smaller images.
# Usage: scripts/docker-publish.sh [project ...]   (default: Router BackendStub LoadClient)
set -euo pipefail
cd "$(dirname "$0")/.."
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

projects=("$@")
[ ${#projects[@]} -gt 0 ] || projects=(Router BackendStub LoadClient)
for project in "${projects[@]}"; do
  out="artifacts/publish/$(echo "$project" | tr '[:upper:]' '[:lower:]')"
  echo "== dotnet publish $project -> $out/"
  rm -rf "$out"
  dotnet publish "$project/$project.csproj" -c Release -r linux-x64 --self-contained -o "$out" -nologo -v quiet \
    -p:DebugType=none -p:SatelliteResourceLanguages=en > "artifacts/publish-$project.log" 2>&1 \
    || { cat "artifacts/publish-$project.log" >&2; exit 1; }
  echo "   $(du -sh "$out" | cut -f1)"
done
