#!/usr/bin/env sh
# Lists the tools of a running app's MCP endpoint with the official MCP Inspector CLI
# (@modelcontextprotocol/inspector, pinned in devDependencies).
#
#   MCP_API_KEY=<key with scope mcp:read> scripts/mcp-inspect.sh [URL] [METHOD]
#
# URL defaults to $MCP_URL, else http://127.0.0.1:3100/api/mcp; METHOD defaults to tools/list
# (also useful: resources/templates/list, prompts/list). MCP_CONNECT_TIMEOUT (ms, default 60000)
# gives a cold dev server time to compile the route.
set -eu
URL="${1:-${MCP_URL:-http://127.0.0.1:3100/api/mcp}}"
METHOD="${2:-tools/list}"
: "${MCP_API_KEY:?set MCP_API_KEY to a workspace API key with the scope mcp:read}"
cd "$(dirname "$0")/.."
exec node_modules/.bin/mcp-inspector --cli "$URL" --transport http --connect-timeout "${MCP_CONNECT_TIMEOUT:-60000}" --method "$METHOD" --header "Authorization: Bearer ${MCP_API_KEY}"
