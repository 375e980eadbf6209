# Source this file (`. scripts/use-node.sh`) to run on a supported Node.js: the project needs Node 22.12
# or newer (pg-boss and the AI SDK declare it; Node 20 reached end of life in April 2026) and is built
# and tested on Node 24 LTS (.nvmrc). When the `node` on PATH is older, Node 24 is installed from the
# npm registry's `node-linux-<arch>` package (the binary itself, no download step of its own) into
# $CW_NODE_HOME (default ~/.cache/cw-node) and put first on PATH, so npm, npx and every script after
# this runs on it. npm itself stays the machine's: it starts through `env node` and so runs on Node 24.

cw_node_ok() {
  # True when the `node` first on PATH is 22.12 or newer.
  command -v node >/dev/null 2>&1 &&
    node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 12) ? 0 : 1)'
}

cw_use_node() {
  if cw_node_ok; then
    return 0
  fi
  local root major arch home bin
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  major="$(tr -dc '0-9.' <"$root/.nvmrc" | cut -d. -f1)"
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "use-node: no node-linux package for $(uname -m)" >&2; return 1 ;;
  esac
  home="${CW_NODE_HOME:-$HOME/.cache/cw-node}/$major"
  bin="$home/node_modules/node-linux-$arch/bin"
  if ! [ -x "$bin/node" ] || ! "$bin/node" -e "process.exit(process.versions.node.split('.')[0] === '$major' ? 0 : 1)"; then
    echo "use-node: $(node --version 2>/dev/null || echo 'no node') is older than 22.12; installing node-linux-$arch@$major into $home"
    mkdir -p "$home"
    npm install --prefix "$home" --no-save --no-package-lock --no-audit --no-fund "node-linux-$arch@$major" || return 1
  fi
  export PATH="$bin:$PATH"
  hash -r
  cw_node_ok || { echo "use-node: $bin/node does not run" >&2; return 1; }
}

cw_use_node && echo "use-node: node $(node --version) at $(command -v node), npm $(npm --version)"
