#!/usr/bin/env bash
# Builds the local base images without any image registry, from one minimal Debian bookworm root file system
# (debootstrap --variant=minbase from the Debian mirror) plus the few libraries a self-contained .NET app needs and a
# non-root user "app" (uid/gid 10001), imported with `docker import`:
#   TAG-apt   (soap-router-base:bookworm-apt) that tree with apt, for images that install Debian packages
#             (deploy/front/Dockerfile: HAProxy);
#   TAG       (soap-router-base:bookworm) the runtime base of the apps: the same tree with what a running .NET app
#             never uses taken out (apt, perl, debconf, PAM, login/passwd, e2fsprogs, GnuTLS and their libraries,
#             glibc's iconv modules); bash, coreutils, dpkg's package list, libssl, zlib, CA certificates and tzdata stay.
# They stand in for mcr.microsoft.com/dotnet/runtime-deps:10.0, which the Dockerfiles use by default.
#
# The apps run with invariant globalization (Directory.Build.props), so no libicu. bash, coreutils and grep come
# with minbase; the HEALTHCHECK uses bash's /dev/tcp, so no curl or wget is needed.
#
# Usage: scripts/docker-base.sh [--force] [--tag TAG] [--mirror URL]
# Needs root (debootstrap, chroot) and a running Docker daemon. Idempotent: does nothing when both exist, unless --force.
set -euo pipefail
cd "$(dirname "$0")/.."

tag="${BASE_IMAGE:-soap-router-base:bookworm}"
force=0
mirror=""
while [ $# -gt 0 ]; do
  case "$1" in
    --force) force=1 ;;
    --tag) tag="$2"; shift ;;
    --mirror) mirror="$2"; shift ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
  shift
done

# The Debian client (docker.io) rather than /usr/local/bin/docker, which has no buildx; both talk to the same daemon.
docker=/usr/bin/docker
[ -x "$docker" ] || docker=docker

if [ "$force" = 0 ] && "$docker" image inspect "$tag" > /dev/null 2>&1 && "$docker" image inspect "$tag-apt" > /dev/null 2>&1; then
  echo "== base images $tag and $tag-apt exist (use --force to rebuild)"
  exit 0
fi

command -v debootstrap > /dev/null || { echo "debootstrap is not installed (apt-get install -y debootstrap)" >&2; exit 1; }

# The Debian mirror this host already uses (deb822 .sources or one-line .list), else deb.debian.org.
if [ -z "$mirror" ]; then
  mirror=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '/^URIs:/ { print $2 }' | grep -E '/debian/?$' | head -n 1 || true)
  if [ -z "$mirror" ]; then
    mirror=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null \
      | awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^https?:/) { print $i; break } }' | grep -E '/debian/?$' | head -n 1 || true)
  fi
  mirror="${mirror:-http://deb.debian.org/debian}"
fi

work=$(mktemp -d /tmp/soap-router-base.XXXXXX)
rootfs="$work/rootfs"
cleanup() { rm -rf "$work"; }
trap cleanup EXIT

# minbase is Essential + apt; the rest is what a self-contained .NET app loads (libssl3 for TLS, zlib1g for
# compression, ca-certificates for outgoing HTTPS). tzdata: TimeZoneInfo on Linux reads /usr/share/zoneinfo.
packages=libc6,libgcc-s1,libstdc++6,ca-certificates,zlib1g,libssl3,tzdata
echo "== debootstrap --variant=minbase bookworm from $mirror (+ $packages)"
debootstrap --variant=minbase --include="$packages" bookworm "$rootfs" "$mirror" > "$work/debootstrap.log" 2>&1 \
  || { tail -n 30 "$work/debootstrap.log" >&2; exit 1; }

# Non-root user: the same name as the "app" user of Microsoft's images (uid 1654 there; 10001 here, both above
# any system range). The Dockerfiles say `USER app`, so they run unprivileged on either base.
chroot "$rootfs" groupadd --gid 10001 app
chroot "$rootfs" useradd --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin app

# Slim it: apt lists and caches, docs, man pages, locales (invariant globalization), logs.
chroot "$rootfs" apt-get clean
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/log/* \
  "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/locale/*
# debootstrap leaves the host's resolver in the tree; docker supplies /etc/resolv.conf and /etc/hostname at run time.
: > "$rootfs/etc/resolv.conf"
: > "$rootfs/etc/hostname"

import() { # tag
  echo "== docker import -> $1"
  tar -C "$rootfs" -c . | "$docker" import \
    -c 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    -c 'ENV APP_UID=10001' \
    -c 'CMD ["bash"]' \
    - "$1" > /dev/null
}
import "$tag-apt"

# The runtime base: purge what no running app needs. PAM, login and passwd first: their removal scripts call debconf.
# --force-remove-essential: apt, perl-base and login are Essential for a system that installs packages, not for this.
purge() { chroot "$rootfs" dpkg --purge --force-remove-essential --force-depends "$@" >> "$work/purge.log" 2>&1 \
  || { tail -n 20 "$work/purge.log" >&2; exit 1; }; }
purge login passwd libpam-modules libpam-modules-bin libpam-runtime libpam0g libsemanage2 libsemanage-common libsepol2 \
  libaudit1 libaudit-common libcap-ng0
purge apt libapt-pkg6.0 gpgv debian-archive-keyring libgcrypt20 libgpg-error0 libseccomp2 libxxhash0 liblz4-1 \
  libsystemd0 libudev1 libgnutls30 libp11-kit0 libffi8 libidn2-0 libunistring2 libtasn1-6 libhogweed6 libnettle8 \
  e2fsprogs libext2fs2 libss2 libcom-err2 logsave debconf perl-base libdb5.3
# glibc's iconv modules (nothing here converts character sets: invariant globalization), tzdata's right/ and posix/
# copies (leap-second and duplicate zones), and what the purge left behind.
rm -rf "$rootfs"/usr/lib/x86_64-linux-gnu/gconv "$rootfs"/usr/share/zoneinfo/right "$rootfs"/usr/share/zoneinfo/posix \
  "$rootfs"/var/cache/debconf "$rootfs"/var/lib/apt "$rootfs"/var/cache/apt "$rootfs"/etc/apt "$rootfs"/usr/share/perl5 \
  "$rootfs"/var/log/*
# What the apps and the health checks run: bash (its /dev/tcp), coreutils, the user.
chroot "$rootfs" bash -c 'timeout 1 cat /dev/null && id app > /dev/null' || { echo "the slim tree does not run bash/coreutils" >&2; exit 1; }
import "$tag"
"$docker" image ls soap-router-base --format '{{.Repository}}:{{.Tag}} {{.Size}}'
