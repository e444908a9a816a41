#!/usr/bin/env bash
# Synthesises the four garden loops (R20) with sox and encodes them with lame:
#   public/audio/{birdsong-ambient,water-fountain,garden-breeze,garden-classical}.mp3
# Each is LEN seconds, mono, 48 kbps. Reverb tails past the end are folded back onto the start,
# so the loop joins without a click or a gap in the room sound.
set -euo pipefail
cd "$(dirname "$0")"
OUT=../../public/audio
mkdir -p "$OUT"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
RATE=44100
LEN=12
TAIL=3

s() { sox -q -n -r $RATE -c 1 "$@"; }

# Places file $1 at $2 seconds inside a (LEN+TAIL)-second track written to $3.
place() { sox -q "$1" "$3" pad "$2" $((LEN + TAIL)) trim 0 $((LEN + TAIL)); }

# Folds the tail after LEN seconds back onto the start and writes an mp3.
finish() {
  local in=$1 name=$2
  sox -q "$in" "$T/head.wav" trim 0 $LEN
  sox -q "$in" "$T/tail.wav" trim $LEN
  sox -q -m "$T/head.wav" "$T/tail.wav" "$T/looped.wav" trim 0 $LEN
  sox -q "$T/looped.wav" "$T/final.wav" gain -n -3
  lame --quiet -m m -b 48 "$T/final.wav" "$OUT/$name.mp3"
  echo "$name.mp3 $(stat -c %s "$OUT/$name.mp3") bytes"
}

# ---------- birdsong: a soft air bed, a blackbird's phrases, wren trills and tit calls ----------
mkdir -p "$T/birds"
s "$T/birds/bed.wav" synth $((LEN + TAIL)) pinknoise highpass 400 lowpass 3000 vol 0.018
s "$T/up.wav" synth 0.09 sine 2600:4300 fade q 0.01 0.09 0.03
s "$T/down.wav" synth 0.11 sine 4800:3200 fade q 0.01 0.11 0.04
s "$T/whistle.wav" synth 0.28 sine 2200:2500 fade q 0.03 0.28 0.1
s "$T/low.wav" synth 0.22 sine 1900:1700 fade q 0.02 0.22 0.08
s "$T/gap.wav" synth 0.05 sine 1 vol 0
s "$T/trill.wav" synth 0.7 sine 5200 tremolo 28 95 fade q 0.05 0.7 0.2
s "$T/tit1.wav" synth 0.12 sine 6200:5800 fade q 0.01 0.12 0.04
s "$T/tit2.wav" synth 0.12 sine 4300:4100 fade q 0.01 0.12 0.04
sox -q "$T/whistle.wav" "$T/gap.wav" "$T/low.wav" "$T/gap.wav" "$T/up.wav" "$T/down.wav" "$T/up.wav" "$T/blackbird1.wav"
sox -q "$T/low.wav" "$T/gap.wav" "$T/whistle.wav" "$T/gap.wav" "$T/down.wav" "$T/gap.wav" "$T/down.wav" "$T/blackbird2.wav"
sox -q "$T/tit1.wav" "$T/gap.wav" "$T/tit2.wav" "$T/gap.wav" "$T/tit1.wav" "$T/gap.wav" "$T/tit2.wav" "$T/gap.wav" "$T/tit1.wav" "$T/gap.wav" "$T/tit2.wav" "$T/tits.wav"
sox -q "$T/blackbird1.wav" "$T/bb1-far.wav" vol 0.5 lowpass 3500
place "$T/blackbird1.wav" 0.6 "$T/birds/a.wav"
place "$T/trill.wav" 2.4 "$T/birds/b.wav"
place "$T/tits.wav" 3.6 "$T/birds/c.wav"
place "$T/blackbird2.wav" 5.9 "$T/birds/d.wav"
place "$T/bb1-far.wav" 8.2 "$T/birds/e.wav"
place "$T/trill.wav" 9.6 "$T/birds/f.wav"
place "$T/tits.wav" 10.4 "$T/birds/g.wav"
sox -q -m "$T"/birds/*.wav "$T/birds-mix.wav"
sox -q "$T/birds-mix.wav" "$T/birds-rev.wav" reverb 35 50 80
finish "$T/birds-rev.wav" birdsong-ambient

# ---------- fountain: falling water (filtered noise that swells) and bright droplets ----------
mkdir -p "$T/water"
s "$T/water/a.wav" synth $((LEN + TAIL)) pinknoise bandpass 1800 1.2q tremolo 0.5 25 vol 0.45
s "$T/water/b.wav" synth $((LEN + TAIL)) brownnoise lowpass 600 tremolo 0.25 20 vol 0.5
s "$T/water/c.wav" synth $((LEN + TAIL)) whitenoise vol 0.3 highpass 5000 tremolo 1 40 vol 0.25
i=0
for at in 0.4 1.1 1.7 2.9 3.3 4.6 5.2 6.8 7.1 8.4 9.0 10.2 10.9 11.5; do
  f1=$((900 + (i * 373) % 900)); f2=$((f1 * 2))
  s "$T/drop$i.wav" synth 0.05 sine $f1:$f2 fade q 0.002 0.05 0.03 vol 0.35
  place "$T/drop$i.wav" "$at" "$T/water/d$i.wav"
  i=$((i + 1))
done
sox -q -m "$T"/water/*.wav "$T/water-mix.wav"
sox -q "$T/water-mix.wav" "$T/water-rev.wav" reverb 25 50 60
finish "$T/water-rev.wav" water-fountain

# ---------- breeze: wind swelling twice a loop through leaves, with gusts of rustle ----------
mkdir -p "$T/breeze"
s "$T/breeze/a.wav" synth $((LEN + TAIL)) brownnoise lowpass 700 tremolo 0.1666667 70 vol 0.8
s "$T/breeze/b.wav" synth $((LEN + TAIL)) pinknoise bandpass 2500 0.8q tremolo 0.3333333 80 vol 0.15
for at in 1.5 4.8 7.6 10.3; do
  s "$T/gust.wav" synth 1.2 whitenoise bandpass 3500 1q fade q 0.4 1.2 0.6 vol 0.12
  place "$T/gust.wav" "$at" "$T/breeze/g$at.wav"
done
sox -q -m "$T"/breeze/*.wav "$T/breeze-mix.wav"
sox -q "$T/breeze-mix.wav" "$T/breeze-rev.wav" reverb 20
finish "$T/breeze-rev.wav" garden-breeze

# ---------- classical: a plucked minuet in G (after the 18th-century Minuet in G), 120 bpm ----------
# Notes as semitones from A4; q = crotchet (0.5 s), e = quaver (0.25 s), h. = dotted minim (1.5 s).
MELODY="5:q -2:e 0:e 2:e 3:e 5:q -2:q -2:q 7:q 3:e 5:e 7:e 9:e 10:q -2:q -2:q 3:q 5:e 3:e 2:e 0:e 2:q 3:e 2:e 0:e -2:e -3:q -2:e 0:e 2:e -2:e 0:h."
BASS="-14:h. -10:h. -9:h. -10:h. -12:h. -14:h. -7:h. -19:h."
render() { # $1 = note list, $2 = output, $3 = volume
  local parts=() k=0
  for nd in $1; do
    local note=${nd%%:*} len=${nd##*:} dur
    case $len in q) dur=0.5 ;; e) dur=0.25 ;; h.) dur=1.5 ;; esac
    s "$T/n$k.wav" synth $dur pluck %$note vol "$3" fade q 0.005 $dur 0.04
    parts+=("$T/n$k.wav"); k=$((k + 1))
  done
  sox -q "${parts[@]}" "$2"
}
render "$MELODY" "$T/melody.wav" 0.7
render "$BASS" "$T/bass.wav" 0.5
sox -q "$T/melody.wav" "$T/melody-p.wav" pad 0 $TAIL
sox -q "$T/bass.wav" "$T/bass-p.wav" pad 0 $TAIL
sox -q -m "$T/melody-p.wav" "$T/bass-p.wav" "$T/music-mix.wav"
sox -q "$T/music-mix.wav" "$T/music-rev.wav" reverb 45 50 90 treble -2
finish "$T/music-rev.wav" garden-classical
