#!/usr/bin/env bash
# Makes the KIE simulator's sample clips in src/server/simulator/clips (committed, so the runtime needs
# no media tools). Needs ffmpeg (with libx264 and the lavfi sources) and espeak-ng:
#   apt-get install -y ffmpeg espeak-ng   # fonts-dejavu-core for the caption (optional)
# Output: 3 visual variants x {16:9 720p, 9:16 720p, 16:9 1080p, 9:16 1080p}, 8 s, H.264 + AAC, faststart.
# Arguments, if any, are shell patterns: only clips whose file name matches one are (re)made, e.g.
#   scripts/make-sample-clips.sh '*-9x16-1080p.mp4'
# (encoders change between versions, so remaking a committed clip changes its bytes).
set -euo pipefail

PATTERNS=("$@")
OUT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/src/server/simulator/clips"
mkdir -p "$OUT_DIR"
DURATION=8
FPS=24
LINE="This is a simulated video from Veo Studio."

for tool in ffmpeg espeak-ng; do
  command -v "$tool" >/dev/null || { echo "make-sample-clips: $tool is required" >&2; exit 1; }
done

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# The caption is optional: drawtext needs a font file, which minimal systems may lack.
FONT=""
if command -v fc-match >/dev/null; then FONT="$(fc-match -f '%{file}' 'sans:bold' 2>/dev/null || true)"; fi
[[ -n "$FONT" && -f "$FONT" ]] || FONT=""

# One narration for all clips; each variant mixes it with its own soft bed.
espeak-ng -v en-us -s 150 -p 45 -w "$WORK/speech.wav" "$LINE"

# Moving visuals per variant, as a lavfi source of size $1 (WxH).
visual() {
  local variant=$1 size=$2
  local w=${size%x*} h=${size#*x}
  case $variant in
    1) echo "gradients=s=$size:r=$FPS:n=4:c0=0x1e3a8a:c1=0x7c3aed:c2=0xdb2777:c3=0xf59e0b:speed=0.03:x0=0:y0=0:x1=$w:y1=$h" ;;
    2) echo "mandelbrot=s=$size:r=$FPS:start_scale=2.5:end_scale=0.6:end_pts=$((DURATION * FPS)):maxiter=256,hue=h=t*25:s=0.8,gblur=sigma=1.2" ;;
    3) echo "gradients=s=$size:r=$FPS:n=3:c0=0x064e3b:c1=0x0ea5e9:c2=0xa3e635:speed=0.05:type=spiral:seed=3" ;;
  esac
}

# A quiet bed under the narration: a soft chord (1, 3) or filtered-noise ambience (2).
bed() {
  case $1 in
    1) echo "sine=f=220:d=$DURATION,volume=0.05[b1];sine=f=277.18:d=$DURATION,volume=0.04[b2];sine=f=329.63:d=$DURATION,volume=0.04[b3];[b1][b2][b3]amix=inputs=3:normalize=0,tremolo=f=0.5:d=0.4" ;;
    2) echo "anoisesrc=c=pink:a=0.08:d=$DURATION,lowpass=f=600,highpass=f=80" ;;
    3) echo "sine=f=196:d=$DURATION,volume=0.05[b1];sine=f=293.66:d=$DURATION,volume=0.035[b2];[b1][b2]amix=inputs=2:normalize=0,aecho=0.8:0.7:400:0.3" ;;
  esac
}

# Whether a clip was asked for (no arguments: every clip).
wanted() {
  local name=$1 pattern
  ((${#PATTERNS[@]} == 0)) && return 0
  for pattern in "${PATTERNS[@]}"; do
    # shellcheck disable=SC2053 # the pattern is meant to glob
    [[ $name == $pattern ]] && return 0
  done
  return 1
}

make_clip() {
  local variant=$1 size=$2 name=$3 maxrate=$4
  wanted "$name" || return 0
  local w=${size%x*} h=${size#*x}
  local caption=""
  if [[ -n "$FONT" ]]; then
    local fs=$(( (w < h ? w : h) / 24 ))
    caption=",drawtext=fontfile=$FONT:text='Simulated video':fontcolor=white@0.9:fontsize=$fs:x=(w-tw)/2:y=h-th-$((fs * 2)):box=1:boxcolor=black@0.35:boxborderw=$((fs / 2))"
  fi
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "$(visual "$variant" "$size")" \
    -i "$WORK/speech.wav" \
    -filter_complex "[0:v]format=yuv420p${caption}[v];$(bed "$variant")[bed];[1:a]adelay=800|800,apad,volume=1.4[voice];[voice][bed]amix=inputs=2:duration=shortest:normalize=0,aresample=44100[a]" \
    -map "[v]" -map "[a]" -t "$DURATION" \
    -c:v libx264 -preset slow -crf 30 -maxrate "$maxrate" -bufsize "$maxrate" -pix_fmt yuv420p -profile:v high \
    -c:a aac -b:a 48k -ac 1 \
    -movflags +faststart \
    "$OUT_DIR/$name"
  echo "$name $(stat -c %s "$OUT_DIR/$name") bytes"
}

for v in 1 2 3; do
  make_clip "$v" 1280x720 "sample-$v-16x9-720p.mp4" 300k
  make_clip "$v" 720x1280 "sample-$v-9x16-720p.mp4" 300k
  make_clip "$v" 1920x1080 "sample-$v-16x9-1080p.mp4" 550k
  make_clip "$v" 1080x1920 "sample-$v-9x16-1080p.mp4" 550k
done
