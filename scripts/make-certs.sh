#!/usr/bin/env bash
# Makes the compose stack's test PKI with openssl alone, once: files that exist (and are valid for 30 more days) are
# kept, missing or expiring ones are made. Run by the stack's `certs` init service on first start (deploy/certs/,
# docker-compose.yml) into its volumes; runs on a host too (dotnet run with TLS, or a folder for ROUTER_TLS_DIR).
# Never commit what it writes: the keys are test keys, but keys.
#
#   OUT/ca/       ca.crt, ca.key              the test CA (kept private: only this script reads ca.key)
#                 other-ca.crt, other-ca.key  a second CA nobody trusts (for refusal checks)
#   OUT/router/   server.crt, server.key      the router's certificate: serverAuth, for --names
#                 clients-ca.crt              the CA client certificates must chain to (tls.clientCertificateAuthorities)
#   OUT/client/   ca.crt                      what a client trusts to check the router
#                 partner-a.crt/.key          CN=partner-a, clientAuth, from the test CA (allowed on the partner route)
#                 partner-b.crt/.key          CN=partner-b, clientAuth, from the test CA (a valid chain, not allowed there)
#                 impostor.crt/.key           CN=partner-a, clientAuth, from the other CA (refused in the handshake)
# Each of router/ and client/ is what one side mounts (compose: a volume each), so the router never sees a CA key.
#
# Usage: scripts/make-certs.sh [--rsa] [--rsa-bits N] [--names LIST] [--days N] OUT
#   --rsa    RSA 3072 keys instead of ECDSA P-256 (for clients without ECDSA; slower to make and to handshake)
#   --rsa-bits  the RSA key size with --rsa (default 3072; 2048 for the TLS benchmark's comparison with nginx)
#   --names  the server certificate's names, comma-separated DNS names and IP addresses
#            (default: localhost,127.0.0.1,::1,router,front: the host side, the router's and the scale-out front's
#            service names on the DMZ network). A server certificate that lacks one of them is made again.
#   --days   validity of the leaf certificates (default 365; the CAs get ten years)
# Keys are written mode 600 (readable by the user running this: the container's `app`), certificates 644; each file is
# written to a temporary name and renamed, so a router reading the folder (every 2 s) never sees half a file.
set -euo pipefail

algorithm=ec
rsa_bits=3072
names="localhost,127.0.0.1,::1,router,front"
days=365
out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --rsa) algorithm=rsa ;;
    --rsa-bits) rsa_bits="$2"; shift ;;
    --names) names="$2"; shift ;;
    --days) days="$2"; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "make-certs: unknown option $1" >&2; exit 2 ;;
    *) out="$1" ;;
  esac
  shift
done
[ -n "$out" ] || { echo "usage: make-certs.sh [--rsa] [--rsa-bits N] [--names LIST] [--days N] OUT" >&2; exit 2; }
command -v openssl > /dev/null || { echo "make-certs: openssl is not installed" >&2; exit 1; }

umask 077
mkdir -p "$out/ca" "$out/router" "$out/client"
chmod 755 "$out" "$out/router" "$out/client"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
made=0
kept=0

# openssl req needs a config; this one has nothing but the subject, so the host's openssl.cnf plays no part.
printf '[req]\ndistinguished_name = dn\nprompt = no\n[dn]\nCN = unused\n' > "$tmp/req.cnf"

new_key() { # file
  if [ "$algorithm" = rsa ]; then
    openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:"$rsa_bits" -out "$1" 2> /dev/null
  else
    openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1"
  fi
}

fresh() { # cert file: 0 when it exists and is valid for 30 more days
  [ -s "$1" ] && openssl x509 -in "$1" -noout -checkend 2592000 > /dev/null 2>&1
}

publish() { # temporary file, final file, mode
  chmod "$3" "$1"
  mv -f "$1" "$2"
}

# issue NAME SUBJECT DAYS EXTENSIONS SIGNER_CERT SIGNER_KEY DIR: DIR/NAME.key and DIR/NAME.crt (self-signed without a signer)
issue() {
  local name="$1" subject="$2" valid="$3" extensions="$4" signer_cert="$5" signer_key="$6" dir="$7"
  new_key "$tmp/$name.key"
  openssl req -new -config "$tmp/req.cnf" -key "$tmp/$name.key" -subj "$subject" -out "$tmp/$name.csr"
  printf '%b' "$extensions" > "$tmp/$name.ext"
  local sign=(-signkey "$tmp/$name.key")
  [ -n "$signer_cert" ] && sign=(-CA "$signer_cert" -CAkey "$signer_key")
  openssl x509 -req -in "$tmp/$name.csr" "${sign[@]}" -set_serial "0x$(openssl rand -hex 16)" -days "$valid" -sha256 \
    -extfile "$tmp/$name.ext" -out "$tmp/$name.crt" 2> /dev/null
  publish "$tmp/$name.key" "$dir/$name.key" 600
  publish "$tmp/$name.crt" "$dir/$name.crt" 644
  echo "make-certs: made $dir/$name.crt ($subject, $algorithm)"
  made=$((made + 1))
}

ca_extensions='basicConstraints = critical, CA:TRUE, pathlen:0\nkeyUsage = critical, keyCertSign, cRLSign\nsubjectKeyIdentifier = hash\n'
leaf_usage='digitalSignature'
[ "$algorithm" = rsa ] && leaf_usage='digitalSignature, keyEncipherment'
leaf_extensions() { # extendedKeyUsage, then optional subjectAltName
  printf 'basicConstraints = critical, CA:FALSE\nkeyUsage = critical, %s\nextendedKeyUsage = %s\n' "$leaf_usage" "$1"
  printf 'subjectKeyIdentifier = hash\nauthorityKeyIdentifier = keyid\n'
  [ -z "${2:-}" ] || printf 'subjectAltName = %s\n' "$2"
}

# ca NAME SUBJECT: a CA in OUT/ca, kept when fresh; when made, renewed=1 (everything it signs is then made again)
ca() {
  renewed=""
  if fresh "$out/ca/$1.crt" && [ -s "$out/ca/$1.key" ]; then
    kept=$((kept + 1))
  else
    issue "$1" "$2" 3650 "$ca_extensions" "" "" "$out/ca"
    renewed=1
  fi
}

# leaf NAME SUBJECT EKU SAN CA DIR FORCE: kept when both files exist, it is fresh and signed by CA, and FORCE is empty
leaf() {
  local name="$1" subject="$2" eku="$3" san="$4" ca_name="$5" dir="$6" force="$7"
  if [ -z "$force" ] && fresh "$dir/$name.crt" && [ -s "$dir/$name.key" ] \
     && openssl verify -CAfile "$out/ca/$ca_name.crt" "$dir/$name.crt" > /dev/null 2>&1; then
    kept=$((kept + 1))
    return
  fi
  issue "$name" "$subject" "$days" "$(leaf_extensions "$eku" "$san")" "$out/ca/$ca_name.crt" "$out/ca/$ca_name.key" "$dir"
}

# The server certificate's subjectAltName from --names: IP addresses as IP:, everything else as DNS:.
san=""
IFS=, read -r -a name_list <<< "$names"
for name in "${name_list[@]}"; do
  [ -n "$name" ] || continue
  if [[ $name =~ ^[0-9.]+$ || $name == *:* ]]; then san+="${san:+, }IP:$name"; else san+="${san:+, }DNS:$name"; fi
done
[ -n "$san" ] || { echo "make-certs: --names is empty" >&2; exit 2; }
# A server certificate that does not cover every name asked for now is made again.
names_changed=""
if [ -s "$out/router/server.crt" ]; then
  for name in "${name_list[@]}"; do
    [ -n "$name" ] || continue
    check=-checkhost; [[ $name =~ ^[0-9.]+$ || $name == *:* ]] && check=-checkip
    openssl x509 -in "$out/router/server.crt" -noout "$check" "$name" 2> /dev/null | grep -q ' does match ' || names_changed=1
  done
fi

ca ca "/CN=SOAP router test CA"; test_ca=$renewed
ca other-ca "/CN=SOAP router other test CA"; other_ca=$renewed
leaf server "/CN=${name_list[0]}" serverAuth "$san" ca "$out/router" "$test_ca$names_changed"
leaf partner-a "/CN=partner-a" clientAuth "" ca "$out/client" "$test_ca"
leaf partner-b "/CN=partner-b" clientAuth "" ca "$out/client" "$test_ca"
leaf impostor "/CN=partner-a" clientAuth "" other-ca "$out/client" "$other_ca"
# The public CA certificate where each side reads it (copied, so router/ and client/ stand alone as mounts).
for copy in "$out/router/clients-ca.crt" "$out/client/ca.crt"; do
  if ! cmp -s "$out/ca/ca.crt" "$copy"; then
    cp "$out/ca/ca.crt" "$tmp/copy.crt" && publish "$tmp/copy.crt" "$copy" 644
  fi
done
echo "make-certs: $out: made $made, kept $kept ($(openssl x509 -in "$out/router/server.crt" -noout -enddate | sed 's/notAfter=/server certificate valid until /'))"
