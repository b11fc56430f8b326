-- wrk script of scripts/bench-lookup.sh: every connection signs in as its
-- own subscriber (tokens from the file in TOKENS) and rotates over numbers
-- of which some carry spam reports.
local numbers = { "%2B447400123456", "%2B447400123457", "%2B6281234567890", "%2B6281311112222",
  "%2B12025550123", "%2B8613800138000", "%2B447911123456", "%2B61412345678" }
local tokens = {}
for line in io.lines(os.getenv("TOKENS")) do tokens[#tokens + 1] = line end
local next_id = 0

function setup(thread)
  thread:set("first", next_id)
  next_id = next_id + 32
end

function init(args)
  n = first
end

function request()
  n = n + 1
  local token = tokens[(n % #tokens) + 1]
  local path = "/api_f/v1/lookup/" .. numbers[(n % #numbers) + 1] .. "?country="
  return wrk.format("GET", path, { ["token"] = token })
end
