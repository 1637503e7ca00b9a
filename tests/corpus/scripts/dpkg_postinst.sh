#!/bin/sh
# postinst script for a daemon package
set -e

USER=fldaemon
HOME_DIR=/var/lib/fldaemon
CONF=/etc/fldaemon/fldaemon.conf

create_user() {
  if ! getent passwd "$USER" >/dev/null; then
    adduser --system --group --home "$HOME_DIR" --no-create-home \
      --gecos "forklift daemon" "$USER" >/dev/null
  fi
  mkdir -p "$HOME_DIR"
  chown "$USER:$USER" "$HOME_DIR"
  chmod 0750 "$HOME_DIR"
}

fix_permissions() {
  if ! dpkg-statoverride --list "$CONF" >/dev/null 2>&1; then
    chown root:"$USER" "$CONF"
    chmod 0640 "$CONF"
  fi
}

case "$1" in
  configure)
    create_user
    fix_permissions
    if [ -n "$2" ] && dpkg --compare-versions "$2" lt 2.0; then
      # 2.0 moved the state directory
      if [ -d /var/cache/fldaemon ]; then
        mv /var/cache/fldaemon/* "$HOME_DIR"/ 2>/dev/null || true
        rmdir /var/cache/fldaemon 2>/dev/null || true
      fi
    fi
    ;;
  abort-upgrade|abort-remove|abort-deconfigure)
    ;;
  *)
    echo "postinst called with unknown argument \`$1'" >&2
    exit 1
    ;;
esac

if [ "$1" = "configure" ] || [ "$1" = "abort-upgrade" ]; then
  if [ -d /run/systemd/system ]; then
    systemctl --system daemon-reload >/dev/null || true
    deb-systemd-invoke restart fldaemon.service >/dev/null || true
  elif [ -x /etc/init.d/fldaemon ]; then
    invoke-rc.d fldaemon restart || exit 1
  fi
fi

exit 0
