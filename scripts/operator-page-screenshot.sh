#!/usr/bin/env bash
# Takes docs/images/operator-page.png: the operator page's browser test (a real router under traffic, Debian's chromium)
# saves a full-page screenshot once the page is live and its charts have moved. Needs /usr/bin/chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p docs/images
SOAPROUTER_PAGE_SCREENSHOT="$PWD/docs/images/operator-page.png" \
  dotnet test SoapRouter.slnx -c Release --filter "FullyQualifiedName~OperatorPageBrowserTests.Page_UnderTraffic" "$@"
echo "wrote docs/images/operator-page.png"
