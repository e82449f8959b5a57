# TLS checks of the compose smokes (scripts/compose-smoke.sh, scripts/compose-scale-smoke.sh): calls from the host
# through the stack's TLS ports with curl and scripts/lib/nettcp-tls-probe.py, trusting only the test CA and
# presenting the test clients' certificates (the client side of scripts/make-certs.sh's PKI). Source it after defining
# check (description, command...) and pass/fail; it uses curl and python3.
#
#   client_tls_copy COMPOSE... DIR    copies the certs service's client folder (ca.crt, partner-a, partner-b,
#                                     impostor) out of its volume into DIR (the service has exited; docker cp reads it)
#   tls_checks DIR HOST HTTPS PARTNER NETTCP WHERE
#                                     one check each, WHERE ending each description ("", " through the front"):
#     https with the test CA: 200 | the system CAs alone: refused (the certificate is the test CA's) | plain HTTP on the
#     https port: 400 from a router, no HTTP answer through the front (it ends TLS on 8443 itself, in HTTP mode) |
#     partner listener with partner-a: 200 | without a certificate: no HTTP answer | with the impostor (CN=partner-a
#     from another CA): no HTTP answer | with partner-b (the test CA's, not allowed on the route): 403
#     wsse:FailedAuthentication | net.tcp: the application/ssl-tls upgrade and a Preamble Ack through TLS | a plain
#     net.tcp preamble on that port: not acknowledged.

client_tls_copy() { # compose command words..., then the destination folder
  local dir="${*: -1}" container
  container=$("${@:1:$#-1}" ps -q certs) && [ -n "$container" ] || return 1
  rm -rf "$dir" && docker cp "$container:/pki/client" "$dir" > /dev/null && [ -s "$dir/ca.crt" ] && [ -s "$dir/partner-a.key" ]
}

tls_checks() {
  local certs="$1" host="$2" https_port="$3" partner_port="$4" nettcp_port="$5" where="$6"
  local tmp code rc probe
  tmp=$(mktemp -d)
  cat > "$tmp/echo.xml" <<'XML'
<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><Echo xmlns="http://tempuri.org/"><payload><Text xmlns="http://schemas.datacontract.org/2004/07/BackendStub">tls smoke</Text></payload></Echo></s:Body></s:Envelope>
XML
  # _tls_post URL curl-options...: sets code (HTTP status, 000 when none came) and rc (curl's exit code); the body is in $tmp/reply
  _tls_post() {
    local url="$1"; shift
    code=$(curl -s -m 10 -o "$tmp/reply" -w '%{http_code}' -H 'Content-Type: text/xml; charset=utf-8' \
      -H 'SOAPAction: "http://tempuri.org/IEchoService/Echo"' --data-binary @"$tmp/echo.xml" "$@" "$url")
    rc=$?
  }
  _tls_answered() { [ "$code" = 200 ] && grep -q 'tls smoke' "$tmp/reply"; }
  _tls_refused() { [ "$code" = 000 ] && [ "$rc" != 0 ]; }
  _tls_denied() { [ "$code" = 403 ] && grep -q FailedAuthentication "$tmp/reply"; }
  # The router answers plain HTTP on its TLS port with 400; HAProxy's TLS bind (the front's 8443) closes without one.
  _tls_plain_refused() { [ "$code" = 400 ] || { [ -n "$where" ] && _tls_refused; }; }
  local https="https://$host:$https_port" partner="https://$host:$partner_port/router/partner"

  _tls_post "$https/router/basic" --cacert "$certs/ca.crt"
  check "https$where with the test CA: HTTP $code, echo answered" _tls_answered
  _tls_post "$https/router/basic"
  check "https$where trusting the system CAs only: refused by the client (curl exit $rc: not a public CA's certificate)" test "$rc" = 60
  _tls_post "http://$host:$https_port/router/basic"
  check "plain HTTP$where on the https port: HTTP $code ($(head -c 60 "$tmp/reply" | tr -d '\r\n'))" _tls_plain_refused
  _tls_post "$partner" --cacert "$certs/ca.crt" --cert "$certs/partner-a.crt" --key "$certs/partner-a.key"
  check "partner listener$where with partner-a's certificate: HTTP $code, echo answered" _tls_answered
  _tls_post "$partner" --cacert "$certs/ca.crt"
  check "partner listener$where without a client certificate: refused in the handshake (curl exit $rc, no HTTP answer)" _tls_refused
  _tls_post "$partner" --cacert "$certs/ca.crt" --cert "$certs/impostor.crt" --key "$certs/impostor.key"
  check "partner listener$where with CN=partner-a from another CA: refused in the handshake (curl exit $rc, no HTTP answer)" _tls_refused
  _tls_post "$partner" --cacert "$certs/ca.crt" --cert "$certs/partner-b.crt" --key "$certs/partner-b.key"
  check "partner listener$where with partner-b (the test CA's, not on the route's list): HTTP $code wsse:FailedAuthentication" \
    _tls_denied

  local probe_py
  probe_py="$(dirname "${BASH_SOURCE[0]}")/nettcp-tls-probe.py"
  probe=$(python3 "$probe_py" "$host" "$nettcp_port" --ca "$certs/ca.crt" 2>&1)
  check "net.tcp$where: ${probe#FAIL: }" test "${probe#FAIL}" = "$probe"
  probe=$(python3 "$probe_py" "$host" "$nettcp_port" --plain 2>&1)
  check "net.tcp$where on the TLS port, ${probe#FAIL: }" test "${probe#FAIL}" = "$probe"
  rm -rf "$tmp"
}
