#!/bin/sh
# A CCGC 2012 engine that misbehaves in one way, for the table's tests: `ccgc_bad.sh MODE`.
# Modes: crash, hang, garbage, illegal, badmove, badarray, shortarray, silent. Until its
# misbehaviour it answers like an engine (a valid ARRAY); it misbehaves at its first GO.
mode=$1
while IFS= read -r line; do
  case "$line" in
    I*)
      case $mode in
        silent) sleep 60; exit 0 ;;
        *) echo "NAME bad-$mode" ;;
      esac ;;
    S*)
      case $mode in
        badarray) echo "ARRAY aaaaaaaaaaaaaaaaaaaaaaaaa" ;;
        shortarray) echo "ARRAY abc" ;;
        *) echo "ARRAY abccddeeffggghhhiiijjkklj" ;;
      esac ;;
    G*)
      case $mode in
        crash) exit 3 ;;
        hang) sleep 60 ;;
        garbage) echo "hello" ;;
        illegal) echo "BESTMOVE A0A0" ;;
        badmove) echo "BESTMOVE Z9Z9" ;;
        *) echo "BESTMOVE L0L0" ;;
      esac ;;
    E*) exit 0 ;;
  esac
done
