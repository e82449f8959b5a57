#!/usr/bin/env bash
# Renders the Kubernetes manifests with kustomize and validates them against the Kubernetes API schema
# (deploy/kubernetes/validate/validate.mjs, the npm package kubernetes-models): the base (`kubectl kustomize
# deploy/kubernetes`) and every overlay under deploy/kubernetes/overlays/. Then checks that no private key is tracked
# in the repository (scripts/check-private-keys.sh). No cluster is needed or contacted.
#
# Usage: scripts/validate-k8s.sh        Needs kubectl (its built-in kustomize), node and npm; runs `npm ci` in
#                                       deploy/kubernetes/validate/ when its node_modules is missing (.ci/run does first).
# The last line: "validate-k8s: PASS ..." or "validate-k8s: FAIL ..." (or "SKIP ..." with exit 2 when a tool is missing).
set -uo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v kubectl > /dev/null 2>&1 || missing+=(kubectl)
command -v node > /dev/null 2>&1 || missing+=(node)
if [ ${#missing[@]} -gt 0 ]; then
  echo "validate-k8s: SKIP: ${missing[*]} not installed (kubectl: its kustomize renders the manifests; node: the validator)"
  exit 2
fi
validator=deploy/kubernetes/validate
if [ ! -d "$validator/node_modules/kubernetes-models" ]; then
  command -v npm > /dev/null 2>&1 || { echo "validate-k8s: SKIP: npm not installed (npm ci in $validator)"; exit 2; }
  (cd "$validator" && npm ci --no-audit --no-fund --loglevel=error) || { echo "validate-k8s: FAIL: npm ci in $validator"; exit 1; }
fi

failed=()
targets=(deploy/kubernetes)
for overlay in deploy/kubernetes/overlays/*/; do targets+=("${overlay%/}"); done
for target in "${targets[@]}"; do
  name=${target#deploy/kubernetes}; name=${name#/overlays/}; name=${name:-base}
  echo "== kubectl kustomize $target | node $validator/validate.mjs $name"
  rendered=$(kubectl kustomize "$target" 2>&1) || { echo "$rendered"; failed+=("$name: kustomize failed"); continue; }
  node "$validator/validate.mjs" "$name" <<< "$rendered" || failed+=("$name")
done

echo "== scripts/check-private-keys.sh"
scripts/check-private-keys.sh || failed+=("private keys tracked")

if [ ${#failed[@]} -eq 0 ]; then
  echo "validate-k8s: PASS ${#targets[@]} renderings (${targets[*]}) valid against the Kubernetes API schema; no private key tracked"
else
  echo "validate-k8s: FAIL ${failed[*]}"
  exit 1
fi
