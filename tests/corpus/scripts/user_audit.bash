#!/bin/bash
# Lists accounts with a login shell, their last login and sudo membership.
shopt -s nullglob
min_uid=${MIN_UID:-1000}
declare -a report=()
sudo_members=$(getent group sudo | cut -d: -f4)

is_sudoer() {
  local user=$1 member
  IFS=, read -ra members <<< "$sudo_members"
  for member in "${members[@]}"; do
    [[ $member == "$user" ]] && return 0
  done
  return 1
}

while IFS=: read -r user _ uid gid gecos home shell; do
  (( uid < min_uid )) && [[ $user != root ]] && continue
  case $shell in
    */nologin|*/false|"") continue ;;
  esac
  last=$(lastlog -u "$user" 2>/dev/null | awk 'NR == 2 { $1 = ""; print }')
  [[ $last == *"Never logged in"* ]] && last=never
  flags=""
  is_sudoer "$user" && flags+="sudo "
  [[ -d $home ]] || flags+="no-home "
  keys=("$home"/.ssh/authorized_keys*)
  (( ${#keys[@]} > 0 )) && flags+="ssh-keys "
  report+=("$(printf '%-12s %6d %-24s %-30s %s' "$user" "$uid" "${gecos%%,*}" "${last## }" "$flags")")
done < <(getent passwd)

printf '%-12s %6s %-24s %-30s %s\n' USER UID NAME LAST FLAGS
printf '%s\n' "${report[@]}" | sort -k2 -n
echo "${#report[@]} accounts"
