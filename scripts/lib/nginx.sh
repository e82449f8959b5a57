# nginx as the benchmarks' peer proxy (source it after scripts/lib/common.sh): one reverse proxy of the stub on
# 127.0.0.1:9080 (or $NGINX_UPSTREAM, host:port) with upstream keep-alive, no access log, bodies buffered, its files under a benchmark's folder.
#
#   nginx_conf OUT LISTEN LOCATION [TLS]   writes OUT/nginx.conf with one server per call of nginx_server (below)
#   nginx_server LISTEN PREFIX [CERT KEY]  one server block: `listen LISTEN` (with CERT and KEY: TLS with a shared
#                                          session cache, TLS 1.2 and 1.3), PREFIX/ proxied to the stub's root
#   nginx_start OUT / nginx_stop OUT       start it, stop it (the caller traps nginx_stop with its other cleanup)

nginx_server() { # listen prefix [certificate key]
  local tls=""
  if [[ -n "${3:-}" ]]; then
    tls="ssl_certificate $3;
    ssl_certificate_key $4;
    ssl_protocols TLSv1.2 TLSv1.3;
    ssl_prefer_server_ciphers on;
    ssl_session_cache shared:SSL:10m;"
  fi
  cat <<NGINX
  server {
    listen $1${3:+ ssl};
    $tls
    location $2/ {
      proxy_pass http://stub/;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_buffer_size 16k;
      proxy_buffers 64 16k;
    }
  }
NGINX
}

nginx_conf() { # out, then the server blocks (the output of nginx_server)
  local out="$PWD/$1"; shift
  mkdir -p "$out/nginx-tmp"
  cat > "$out/nginx.conf" <<NGINX
worker_processes auto;
pid $out/nginx.pid;
error_log $out/nginx-error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_max_body_size 16m;
  client_body_temp_path $out/nginx-tmp;
  proxy_temp_path $out/nginx-tmp;
  upstream stub { server ${NGINX_UPSTREAM:-127.0.0.1:9080}; keepalive 64; }
$*
}
NGINX
}

nginx_start() { nginx -c "$PWD/$1/nginx.conf"; }
nginx_stop() { nginx -c "$PWD/$1/nginx.conf" -s quit 2> /dev/null || true; }
