#!/usr/bin/env bash
# Builds the release binaries, .build/release/jf and .build/release/jf-bench, with
# profile-guided optimisation (PGO), as CPython's `--enable-optimizations` does:
#
#   1. an instrumented build (in .build/pgo) counts how often each branch and call is taken;
#   2. it runs a training workload: the generator's formulas and documents drawn with seed 7
#      (the benchmarks use seed 42, so the build is not trained on what it is measured on),
#      through `jf eval --lines`, `jf run`, `jf lint` and `jf-bench`, and llvm-profdata
#      merges the counts into one profile;
#   3. the release build reads it: hot paths laid out straight, cold ones moved aside, and
#      inlining decided by what runs.
#
# The result computes exactly what the plain release build computes (the profile changes
# where code is placed, not what it does); docs/performance.md gives what it is worth. Last,
# scripts/package.sh packs .build/release/jf as a release archive and a Debian package in
# .build/dist (jf-VERSION-linux-ARCH.tar.gz, jf_VERSION_ARCH.deb).
#
#   scripts/release.sh                 # two builds of each product, both with full LTO
#   PGO=0 scripts/release.sh           # the plain release build, without profiles
#   PRODUCTS=jf scripts/release.sh     # jf alone, not the benchmark driver jf-bench
#   LTO=0 scripts/release.sh           # without link-time optimisation: the full-LTO link is a
#                                      # single-threaded half of the build (CI builds this way)
#   SCRATCH_PATH=DIR scripts/release.sh  # build in DIR, not .build (DIR/release/jf), so that
#                                      # another build can run in .build at the same time
#
# Without the profile runtime or llvm-profdata beside swiftc, or without the workload
# generator (Benchmarks/workloads/gen_workloads.py), it makes the plain build, with a note.
set -euo pipefail
cd "$(dirname "$0")/.."

# Release builds link the Swift runtime statically (calls into it are then direct, not
# through the dynamic linker's stubs) and optimise across modules at link time.
release=(-c release --static-swift-stdlib)
[ "${LTO:-1}" = 0 ] || release+=(--experimental-lto-mode=full)
read -r -a products <<< "${PRODUCTS:-jf jf-bench}"
scratch=${SCRATCH_PATH:-.build}

# build SCRATCH [OPTION...]: each product, into SCRATCH/release. The build's own output is
# kept and shown only when it fails.
build() {
  local into=$1 product log
  shift
  log=$(mktemp)
  for product in "${products[@]}"; do
    swift build --scratch-path "$into" "${release[@]}" --product "$product" "$@" > "$log" 2>&1 || { tail -60 "$log" >&2; rm -f "$log"; return 1; }
  done
  rm -f "$log"
}

toolchain=$(dirname "$(readlink -f "$(command -v swiftc)")")
profdata=$toolchain/llvm-profdata
runtime=$(ls "$toolchain"/../lib/clang/*/lib/linux/libclang_rt.profile-"$(uname -m)".a 2>/dev/null | head -1 || true)
package() {
  [[ " ${products[*]} " == *" jf "* ]] || return 0
  echo "release: packing $scratch/release/jf (scripts/package.sh)" >&2
  scripts/package.sh --binary "$scratch/release/jf" >&2
}
if [ "${PGO:-1}" = 0 ]; then
  build "$scratch"
  package
  exit 0
fi
generator=Benchmarks/workloads/gen_workloads.py
if [ ! -x "$profdata" ] || [ -z "$runtime" ] || [ ! -f "$generator" ]; then
  echo "release: no llvm-profdata or profile runtime beside $toolchain/swiftc, or no $generator; building without PGO" >&2
  build "$scratch"
  package
  exit 0
fi

pgo=$scratch/pgo
rm -rf "$pgo/profiles" "$pgo/training"
mkdir -p "$pgo/profiles" "$pgo/training"

# 1. Instrumented build. The driver does not pass -ir-profile-generate on to the frontend,
# hence -Xfrontend; the profile runtime is linked by hand for the same reason, and
# -u keeps its part that writes the counts at exit.
echo "release: instrumented build (1/2)" >&2
build "$pgo/instrumented" -Xswiftc -Xfrontend -Xswiftc -ir-profile-generate \
  -Xlinker -u__llvm_profile_runtime -Xlinker "$runtime"
bin=$pgo/instrumented/release

# 2. Training, and the merged profile.
echo "release: training run" >&2
train=$pgo/training
python3 "$generator" env --out "$train/env.json"
python3 "$generator" formulas --n 100000 --seed 7 --out "$train/formulas.txt"
python3 "$generator" mixed --n 2400 --seed 7 --out "$train/mixed.json"
python3 "$generator" table --n 20000 --seed 7 --out "$train/table.json"
python3 "$generator" chain --n 5000 --seed 7 --shuffle --out "$train/chain.json"
export LLVM_PROFILE_FILE=$PWD/$pgo/profiles/%p.profraw
if [[ " ${products[*]} " == *" jf-bench "* ]]; then
  "$bin/jf-bench" --formulas "$train/formulas.txt" --env "$train/env.json" --rows 200000 --iterations 2 >/dev/null
  "$bin/jf-bench" --document "$train/mixed.json" --document "$train/table.json" --document "$train/chain.json" >/dev/null
fi
# jf exits 1 when a formula or a template fails, as some of these do on purpose; any other
# status (a usage error, a crash) stops the build rather than train it on half a run.
findings() { "$@" >/dev/null 2>&1 || [ $? -eq 1 ]; }
findings "$bin/jf" eval --json --doc "$train/env.json" --lines "$train/formulas.txt"
findings "$bin/jf" run --json "$train/mixed.json" "$train/table.json" "$train/chain.json" examples/
findings "$bin/jf" lint examples/
unset LLVM_PROFILE_FILE
rm -f "$pgo"/*.profdata
"$profdata" merge --output "$pgo/merged.profdata" "$pgo"/profiles/*.profraw
# Named by its content: SwiftPM does not see the profile as an input, only the flags, so a
# new profile under the same name would leave modules built with the old one, which the
# link-time optimiser refuses to mix ("conflicting values" for 'ProfileSummary').
profile=$PWD/$pgo/jf-$(sha256sum "$pgo/merged.profdata" | cut -c1-16).profdata
mv "$pgo/merged.profdata" "$profile"

# 3. The release build, optimised with the profile.
echo "release: optimised build (2/2) into $scratch/release" >&2
build "$scratch" -Xswiftc -Xfrontend -Xswiftc -ir-profile-use="$profile"
echo "release: $scratch/release/jf" >&2
package
