#!/bin/sh
# A junqi engine that misbehaves in one way, for the table's tests: `bad.sh MODE`.
# Modes: crash, hang, garbage, flood, illegal, badformation, silent, longline, wrongversion,
# binary, error, and spy (it names itself and errs in words that spell out pieces). Until its misbehaviour it answers like an engine that resigns every turn.
mode=$1
while IFS= read -r line; do
  case "$line" in
    "junqi "*)
      case $mode in
        silent) sleep 60; exit 0 ;;
        wrongversion) echo "junqiok 7" ;;
        spy) echo "id name my marshal is on a6"; echo "junqiok 1" ;;
        *) echo "id name bad-$mode"; echo "junqiok 1" ;;
      esac ;;
    "formation?")
      if [ "$mode" = badformation ]; then
        echo "formation FFFFF/F+.+F/FF+FF/F+.+F/FFFFF/FFFFF"
      else
        echo "formation 43635/B+2+B/91+18/7+5+7/3M642/MFM21"
      fi ;;
    go*)
      case $mode in
        crash) exit 3 ;;
        hang) sleep 60 ;;
        garbage) echo "bestmove a6a7" ;;
        flood) while :; do echo "info flooding"; done ;;
        illegal) echo "turn a1-e12" ;;
        longline) i=0; s=x; while [ $i -lt 15 ]; do s=$s$s; i=$((i+1)); done; echo "info $s" ;;
        binary) printf 'turn \377\376\n' ;;
        error) echo "error out of memory" ;;
        spy) echo "error the flag is on d1 and a bomb on c2" ;;
        *) echo "resign" ;;
      esac ;;
    quit) exit 0 ;;
  esac
done
