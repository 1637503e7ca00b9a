#!/bin/bash
# A small interactive maintenance menu.
PS3="choose> "
options=("disk usage" "memory" "top processes" "restart service" "quit")

show_disk() { df -h -x tmpfs -x devtmpfs; }
show_memory() { free -h; }
show_top() { ps -eo pid,comm,%cpu,%mem --sort=-%cpu | head -n 11; }

restart_service() {
  local name
  read -r -p "service name: " name
  if [[ -z $name || $name == *[^a-zA-Z0-9@._-]* ]]; then
    echo "invalid service name" >&2
    return 1
  fi
  if systemctl is-active --quiet "$name"; then
    sudo systemctl restart "$name" && echo "restarted $name"
  else
    echo "$name is not active; start it? [y/N]"
    read -r answer
    [[ $answer == [yY]* ]] && sudo systemctl start "$name"
  fi
}

while true; do
  select choice in "${options[@]}"; do
    case $REPLY in
      1) show_disk ;;
      2) show_memory ;;
      3) show_top ;;
      4) restart_service ;;
      5) break 2 ;;
      *) echo "pick 1-${#options[@]}" ;;
    esac
    break
  done
  echo
done
echo bye
